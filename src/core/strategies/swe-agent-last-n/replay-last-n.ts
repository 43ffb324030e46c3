import type { ContentBlock, Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { replaceToolBlocks } from '../../compaction/replace-tool-blocks';
import { tokenShare } from '../../compaction/token-share';
import { replayMessageEdits } from '../../edits/replay-message-edits';
import type { LastNObservationsSettings } from './plan-last-n-observations';
import { oldOutputPlaceholder } from './old-output-placeholder';

/** A context's tool results, with what eliding each would write and whether the plan elides it when due. */
interface ContextResults {
  results: ToolResultTable;
  /** The first message of the context is the task (observation 0), so result r is observation r + 1. */
  offset: number;
  placeholder: string[];
  /** 0 when the plan leaves it as it is even when due (no larger than its placeholder, or already it). */
  elidable: Uint8Array;
  /** Per message of the context holding results: its results, in order (the plan's edits are in that order). */
  byMessage: Map<number, number[]>;
}

/**
 * SWE-agent's last n observations, stateless, in O(log n) per request plus the messages newly elided. Within a
 * context the observations only grow, so `last_removed` only grows and an elided result stays elided: between two
 * requests only the results `last_removed` passed (and new `remove_output` ones) change, and only their messages are
 * written anew (`replayMessageEdits`). Results in a message whose count differs between turns would change form with the turn: then
 * every request is planned (`replayExact`).
 */
export function replayLastN(context: ReplayContext, planner: ReplayPlanner<LastNObservationsSettings>): SentShapes {
  const { requests, counts, counter, messages } = context;
  const { settings } = planner;
  const keep = new Set(settings.keepOutputTools);
  const remove = new Set(settings.removeOutputTools);
  const byStart = new Map<number, ContextResults>();
  for (const s of new Set(requests.contextStart)) {
    const found = contextResults(context, s);
    if (found === undefined) return replayExact(context, planner);
    byStart.set(s, found);
  }
  return replayMessageEdits(context, (s) => {
    const { results, offset, elidable, byMessage, placeholder } = byStart.get(s) as ContextResults;
    const elided = new Uint8Array(results.count);
    let seen = 0;
    let lastRemoved = 0;
    return ({ n }, edit) => {
      const touched = new Set<number>();
      const due = (k: number): void => {
        if (elidable[k] === 1 && elided[k] === 0) {
          elided[k] = 1;
          touched.add(results.message[k] as number);
        }
      };
      for (; seen < results.count && (results.message[seen] as number) < n; seen++) if (remove.has(results.toolName[seen] as string)) due(seen);
      const observations = seen + (n > 0 ? offset : 0);
      const removedNow = Math.max(0, Math.floor(observations / settings.polling) * settings.polling - settings.n);
      for (let o = Math.max(lastRemoved, 1); o < removedNow; o++) {
        const k = o - offset;
        if (!keep.has(results.toolName[k] as string)) due(k);
      }
      lastRemoved = Math.max(lastRemoved, removedNow);
      for (const m of touched) {
        const form = elidedForm(messages[s + m] as Message, byMessage.get(m) as number[], elided, results, placeholder);
        edit(m, (countMessageTokens([form], counter)[0] as number) - counts.count(s + m, 0));
      }
    };
  });
}

/**
 * The results of the context from `s` as every request's plan sees them (a history's results are the context's
 * before its end: links are made left to right), or undefined when a message holding one counts differently in
 * some turn (its share of the message, which decides whether it is elided, would then vary).
 */
function contextResults(context: ReplayContext, s: number): ContextResults | undefined {
  const { counts, counter, messages } = context;
  const analysis = context.segment(s);
  const results = listToolResults(analysis);
  const first = messages[s];
  const templateFirst = first !== undefined && first.role === 'user' && !(Array.isArray(first.content) && first.content.some((b) => b.type === 'tool_result'));
  const placeholder: string[] = [];
  const elidable = new Uint8Array(results.count);
  const byMessage = new Map<number, number[]>();
  for (let k = 0; k < results.count; k++) {
    const m = results.message[k] as number;
    if (!counts.fixed(s + m)) return undefined;
    const content = ((analysis.messages[m] as Message).content as ContentBlock[])[results.block[k] as number] as { content?: unknown };
    const text = oldOutputPlaceholder(content.content);
    placeholder.push(text);
    // As the plan weighs it (the context's counts are the request's, the message counting the same in every turn).
    const share = tokenShare(analysis, m, results.chars[k] as number);
    elidable[k] = share <= counter.count(text) || content.content === text ? 0 : 1;
    const list = byMessage.get(m) ?? [];
    list.push(k);
    byMessage.set(m, list);
  }
  return { results, offset: templateFirst ? 1 : 0, placeholder, elidable, byMessage };
}

/** The message with its elided results' contents replaced by their placeholders, as the plan's replacement writes it. */
function elidedForm(message: Message, list: readonly number[], elided: Uint8Array, results: ToolResultTable, placeholder: readonly string[]): Message {
  const edits: { block: number; text: string }[] = [];
  for (const k of list) if (elided[k] === 1) edits.push({ block: results.block[k] as number, text: placeholder[k] as string });
  return replaceToolBlocks(message, { results: edits });
}
