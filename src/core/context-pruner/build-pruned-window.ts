import type { Message, MessageLike } from '../types';
import { groupMessages } from '../links/group-messages';
import { FATE } from '../plan/fate';
import type { ContextPrunerConfig, ContextWindow, ConversationTurn } from './types';
import { resolveContextPrunerConfig } from './resolve-context-pruner-config';
import { readContextWindow } from './read-context-window';
import { findSummaryPosition } from './find-summary-position';
import { assemblePrunedWindow } from './assemble-pruned-window';

/**
 * The window after summarizing `candidates` (seed 003, steps 7–9): every other turn kept in order, `summaryTurn`
 * in the candidates' place (right after the last of them, moved past any kept tool group spanning that point),
 * every turn re-annotated with `config.counter` (default characters ÷ 4), and the total recomputed: the turns'
 * sum plus what the original total counted beyond its turns. Candidates are matched by identity, so they must
 * be turn objects of `original`. Neither `original` nor the candidates are touched.
 *
 * @throws {RangeError} when `candidates` is empty, holds a turn that is not in `original.turns`, or would split a
 *   tool group (a call summarized while its result is kept, or the reverse): the result would be rejected by the API
 * @throws {TypeError | RangeError} for a malformed window (see `readContextWindow`) or config
 */
export function buildPrunedWindow(
  original: ContextWindow,
  candidates: readonly ConversationTurn[],
  summaryTurn: ConversationTurn,
  config?: ContextPrunerConfig,
): ContextWindow {
  const { counter } = resolveContextPrunerConfig(config);
  const { turns, overheadTokens } = readContextWindow(original, 'buildPrunedWindow');
  if (!Array.isArray(candidates) || candidates.length === 0) {
    throw new RangeError('buildPrunedWindow: candidates must hold at least one turn of the window to summarize');
  }
  const indexOf = new Map<ConversationTurn, number>();
  turns.forEach((turn, i) => indexOf.set(turn, i));
  const fates = new Uint8Array(turns.length);
  candidates.forEach((candidate, k) => {
    const index = indexOf.get(candidate);
    if (index === undefined) {
      throw new RangeError(`buildPrunedWindow: candidates[${k}] (id ${JSON.stringify(candidate?.id)}) is not a turn of the window`);
    }
    fates[index] = FATE.summarized;
  });

  // groupMessages reads only `content`.
  const groups = groupMessages(turns as readonly MessageLike[] as readonly Message[]);
  const groupFate = new Int16Array(groups.groupFirst.length).fill(-1);
  for (let i = 0; i < turns.length; i++) {
    const g = groups.groupOf[i] as number;
    const seen = groupFate[g] as number;
    if (seen === -1) groupFate[g] = fates[i] as number;
    else if (seen !== fates[i]) {
      const first = turns[groups.groupFirst[g] as number] as ConversationTurn;
      throw new RangeError(
        `buildPrunedWindow: turn ${JSON.stringify(turns[i]?.id)} is linked by tool ids to turn ${JSON.stringify(first.id)}, ` +
          'but only one of them is a candidate; summarize a tool group whole or not at all',
      );
    }
  }
  const summaryBefore = findSummaryPosition(groups, fates);
  return assemblePrunedWindow(turns, fates, summaryBefore, summaryTurn, counter, overheadTokens);
}
