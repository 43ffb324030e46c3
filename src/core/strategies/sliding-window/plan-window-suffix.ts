import type { Message } from '../../types';
import type { MessageList, StrategyPlan } from '../../plan/types';
import { groupMessages } from '../../links/group-messages';
import { glueBrokenTurns } from '../../links/glue-broken-turns';
import { findValidCuts } from '../../links/find-valid-cuts';
import { messageTextLength } from '../../text/message-text-length';
import { estimateTokens } from '../../tokens/estimate-tokens';
import { planWindow, type WindowSettings } from './plan-window';

/**
 * `planWindow` over the default analysis (characters ÷ 4), reading only the messages the window keeps and a margin
 * below them: a token-bounded window over a long history then costs what it keeps, and an SDK adapter's lazy view
 * converts only those messages. `undefined` when it cannot be settled that way (pins, a bound that keeps everything,
 * a tool group or broken turn reaching back to the start); the caller then analyses everything.
 *
 * Why the suffix suffices: a cut is valid when no link crosses it, a link being a call and its result or a broken
 * message's glued turn (`glueBrokenTurns`). Analysed from `from`, the suffix sees every such link of the whole
 * transcript that lies above `from`; the ones it cannot see (a call below `from` answered above it, which it takes
 * for an orphan result; a broken turn below `from` that runs on above it) end within the run of one role at `from`
 * or at the turn of such an orphan result, plus one message. Above `low`, past all of those, the suffix's valid cuts
 * are the whole transcript's, so `planWindow` given the suffix's sums and cuts there (and told that everything below
 * is over the bound) plans exactly as over the full analysis. The hooks property test holds it to `plan`.
 */
export function planWindowSuffix<Id extends string>(
  messages: MessageList,
  strategy: Id,
  settings: WindowSettings,
  summary?: { message: (replaced: number) => Message; tokens: (message: Message) => number },
): StrategyPlan<Id> | undefined {
  const count = messages.length;
  const { maxTurns, maxTokens } = settings;
  const byTokens = maxTokens !== Infinity;
  if ((settings.pinned?.length ?? 0) > 0 || count === 0 || (!byTokens && count <= maxTurns)) return undefined;
  // The latest start whose suffix is over the token bound and holds `maxTurns` messages: the cut is at or after it.
  const turnsLimit = count > maxTurns ? count - maxTurns : count;
  let start = count;
  let sum = 0;
  while (start > 0 && (start > turnsLimit || (byTokens && sum <= maxTokens))) {
    start--;
    sum += estimateTokens(messageTextLength(messages.at(start) as Message));
  }
  if (start > turnsLimit || (byTokens && sum <= maxTokens)) return undefined;
  for (let margin = 8 + ((count - start) >> 3); ; margin *= 4) {
    const from = start - margin;
    if (from <= 0) return undefined;
    const plan = planFrom(messages, from, start, strategy, settings, summary);
    if (plan !== undefined) return plan;
  }
}

function planFrom<Id extends string>(
  messages: MessageList,
  from: number,
  start: number,
  strategy: Id,
  settings: WindowSettings,
  summary: { message: (replaced: number) => Message; tokens: (message: Message) => number } | undefined,
): StrategyPlan<Id> | undefined {
  const count = messages.length;
  const n = count - from;
  const part: Message[] = new Array(n);
  for (let k = 0; k < n; k++) part[k] = messages.at(from + k) as Message;
  const groups = groupMessages(part);
  const units = glueBrokenTurns(groups, part);
  const local = findValidCuts(units);

  // Past the first run of one role (a broken turn below `from` may run on through it) and past the turn of each
  // result whose call lies below `from`, with one message more: there the suffix's links are the transcript's.
  let low = runEnd(part, 0) + 2;
  const { orphanIndex, orphanKind } = groups.scan;
  for (let k = 0; k < orphanIndex.length; k++) {
    if (orphanKind[k] === 'result') low = Math.max(low, runEnd(part, orphanIndex[k] as number) + 2);
  }
  const s = from + low;
  if (s > start) return undefined;

  const tokens = new Float64Array(count);
  // Below `s`, what the window never reads: its sums stand at +∞ (everything there is over the bound, truly, since
  // the suffix from `start` already is), its cuts at -1.
  const suffixTokens = new Float64Array(count + 1).fill(Infinity, 0, s);
  suffixTokens[count] = 0;
  for (let i = count - 1; i >= s; i--) {
    tokens[i] = estimateTokens(groups.scan.textLength[i - from] as number);
    suffixTokens[i] = (suffixTokens[i + 1] as number) + (tokens[i] as number);
  }
  if (settings.maxTokens !== Infinity && !((suffixTokens[s] as number) > settings.maxTokens)) return undefined;
  const cutAtOrBefore = new Int32Array(count + 1).fill(-1, 0, s);
  const cutAtOrAfter = new Int32Array(count + 1).fill(-1, 0, s);
  for (let c = s; c <= count; c++) {
    const before = local.cutAtOrBefore[c - from] as number;
    cutAtOrBefore[c] = before + from >= s ? before + from : -1;
    cutAtOrAfter[c] = (local.cutAtOrAfter[c - from] as number) + from;
  }
  // The window reads the cut at or before its message bound's, and at or before the last message: both must lie
  // above `s`, where the cuts are known.
  const turnsCut = count > settings.maxTurns ? count - settings.maxTurns : count - 1;
  if ((cutAtOrBefore[turnsCut] as number) < s || (cutAtOrBefore[count - 1] as number) < s) return undefined;
  return planWindow({ count, suffixTokens, cutAtOrBefore, cutAtOrAfter, unitOf: new Int32Array(0), tokens }, strategy, settings, summary);
}

/** The index of the last message of the run of one role that holds message `k`, read upwards from `k`. */
function runEnd(messages: readonly Message[], k: number): number {
  const role = messages[k]?.role;
  let end = k;
  while (end + 1 < messages.length && messages[end + 1]?.role === role) end++;
  return end;
}
