import type { Message } from '../../types';
import type { ReplayTrigger } from '../../requests/types';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import { blockTextLength } from '../../text/block-text-length';
import { messageTextLength } from '../../text/message-text-length';
import { resultPlaceholder } from './result-placeholder';
import { maskMessage } from './mask-message';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { createMaskedShapes } from '../../edits/create-masked-shapes';
import type { ObservationMaskingSettings } from './plan-observation-masking';
import { maskingCountsAreFixed } from './masking-counts-are-fixed';
import { createFenwick, type Fenwick } from '../../edits/create-fenwick';
import { replayLive } from '../../requests/replay-live';
import { triggerFires } from '../../requests/trigger-fires';
import { toolInputChars } from './tool-input-chars';
import { holdsResultPlaceholder } from './holds-result-placeholder';

/** A message as the agent holds it: the transcript's, or masked. */
interface Held {
  message: Message;
  tokens: number;
  textLength: number;
}

/**
 * Observation masking in a live agent, without planning the whole context at every prune. Masking keeps every
 * message, so once the context is over the trigger it stays over and the agent masks before every request; a plan
 * of the whole context each time would make the replay O(n²).
 *
 * What a plan of the held context would do is done here on just the results whose answer can have changed: those
 * that became old since the last prune, and the old results of messages masked at the last prune (their message's
 * tokens and text changed, which is what masking sizes a result by). Every other result is decided as before, since
 * nothing it is decided by changed. The results that may be cleared wait in a queue in order; a prune clears them
 * in order, as masking does, while the context is over a budget (all of them without one), and each masked message
 * is built from the one held, as masking builds it. O(log n) per request and per result decided; a result is cleared
 * once (masking leaves a placeholder as it is).
 *
 * Needs result (and cleared-input call) messages to count the same in every turn, as `replayMasking`; otherwise the
 * plain live replay runs.
 */
export function replayLiveMasking(context: ReplayContext, planner: ReplayPlanner<ObservationMaskingSettings>, trigger: ReplayTrigger, fixed: number): SentShapes {
  const { settings } = planner;
  const { requests, counts, counter, messages } = context;
  if (counts.varies && !maskingCountsAreFixed(context, settings)) return replayLive(context, planner, trigger, fixed);
  const placeholderTokens = counter.count(resultPlaceholder(12_345, 123_456));
  const excluded = new Set(settings.excludeTools);
  const { count } = requests;
  const recorder = createMaskedShapes(count, counts);
  // Per prune, emptied rather than made anew: a prune runs before nearly every request once over the trigger.
  const clears = new Map<number, { results: { block: number; tokens: number }[]; inputs: number[] }>();
  const inputTaken = new Set<number>();
  const entry = (m: number) => {
    let e = clears.get(m);
    if (!e) clears.set(m, (e = { results: [], inputs: [] }));
    return e;
  };

  // A context's state, set when its first request comes (start is -1, so the first request of all is fresh).
  let start = -1;
  let results!: ToolResultTable;
  let textLengths!: ArrayLike<number>;
  let held!: Map<number, Held>;
  let resultsOf!: Map<number, number[]>;
  let dirty!: Set<number>;
  let queue!: number[];
  let queued!: Uint8Array;
  // Per result: 1 once it is a placeholder, so never cleared again.
  let cleared!: Uint8Array;
  let tree!: Fenwick;
  let resultsSeen = 0;
  let old = 0;

  // What masking sizes a result by: its message's tokens and text as held now (result messages count alike in
  // every turn, so any turn start does).
  const version = (m: number): Held =>
    held.get(m) ?? { message: messages[start + m] as Message, tokens: counts.count(start + m, 0), textLength: textLengths[m] as number };
  // Read in place, not through `version`: an object per result decided was garbage at every prune.
  const share = (m: number, chars: number): number => {
    const own = held.get(m);
    const tokens = own === undefined ? counts.count(start + m, 0) : own.tokens;
    const textLength = own === undefined ? (textLengths[m] as number) : own.textLength;
    return textLength > 0 ? (tokens * chars) / textLength : 0;
  };
  const blockChars = (k: number): number => {
    const m = results.message[k] as number;
    const own = held.get(m);
    return own === undefined ? (results.chars[k] as number) : blockTextLength((own.message.content as unknown[])[results.block[k] as number]);
  };
  const decide = (k: number): void => {
    const m = results.message[k] as number;
    // A result cleared at an earlier prune (or a placeholder in the file) stays as it is, as masking plans it. The
    // file's message is read even when a masked version is held: masking leaves the blocks it does not clear as
    // they are.
    let eligible =
      cleared[k] === 0 &&
      !excluded.has(results.toolName[k] as string) &&
      !holdsResultPlaceholder(messages[start + m], results.block[k] as number, results.chars[k] as number);
    if (eligible) {
      const tokens = share(m, blockChars(k));
      eligible = !(tokens < settings.minTokens || tokens <= placeholderTokens);
    }
    if (eligible && queued[k] === 0) push(queue, k);
    queued[k] = eligible ? 1 : 0;
  };

  for (let r = 0; r < count; r++) {
    const s = requests.contextStart[r] as number;
    const end = requests.messageIndex[r] as number;
    const turnStart = requests.turnStart[r] as number;
    const n = end - s;
    const fresh = s !== start;
    if (fresh) {
      start = s;
      const segment = context.segment(s);
      results = listToolResults(segment);
      textLengths = segment.scan.textLength;
      held = new Map();
      resultsOf = new Map();
      for (let k = 0; k < results.count; k++) {
        const m = results.message[k] as number;
        const list = resultsOf.get(m);
        if (list) list.push(k);
        else resultsOf.set(m, [k]);
      }
      dirty = new Set();
      queue = [];
      queued = new Uint8Array(results.count);
      cleared = new Uint8Array(results.count);
      tree = createFenwick(segment.count);
      resultsSeen = 0;
      old = 0;
    }
    while (resultsSeen < results.count && (results.message[resultsSeen] as number) < n) resultsSeen++;
    let changedAt = Infinity;
    let total = counts.sum(s, end, turnStart) + tree.prefix(n);
    if (n > 0 && triggerFires(trigger, r, fixed + total)) {
      const firstRecent = Math.max(0, resultsSeen - settings.keepRecent);
      for (const m of dirty) for (const k of resultsOf.get(m) ?? []) if (k < old) decide(k);
      dirty.clear();
      for (; old < firstRecent; old++) decide(old);
      // Clear in order, as masking does: each result's tokens and each input's as the held messages size them.
      clears.clear();
      inputTaken.clear();
      let sent = total;
      while (queue.length > 0) {
        const k = queue[0] as number;
        if (queued[k] === 0) {
          pop(queue);
          continue;
        }
        if (settings.maxTokens !== Infinity && sent <= settings.maxTokens) break;
        pop(queue);
        queued[k] = 0;
        cleared[k] = 1;
        const m = results.message[k] as number;
        const tokens = share(m, blockChars(k));
        sent -= tokens - placeholderTokens;
        entry(m).results.push({ block: results.block[k] as number, tokens });
        const call = results.callMessage[k] as number;
        if (settings.clearToolInputs && call >= 0) {
          if (!inputTaken.has(call)) {
            inputTaken.add(call);
            sent -= Math.max(0, share(call, toolInputChars(version(call).message, results.callBlock[k] as number)) - placeholderTokens);
          }
          entry(call).inputs.push(results.callBlock[k] as number);
        }
      }
      for (const [m, blocks] of clears) {
        const masked = maskMessage(version(m).message, blocks.results, blocks.inputs);
        dirty.add(m);
        // Each masked version is new, so it is counted directly (a key of its JSON would cost more than the count).
        const tokens = countMessageTokens([masked], counter)[0] as number;
        held.set(m, { message: masked, tokens, textLength: messageTextLength(masked) });
        tree.set(m, tokens - counts.count(s + m, turnStart));
        if (s + m < recorder.previousEnd) changedAt = Math.min(changedAt, s + m);
      }
      total = counts.sum(s, end, turnStart) + tree.prefix(n);
    }
    recorder.record(r, s, fresh, end, turnStart, total, changedAt, held.has(recorder.previousEnd - s), tree);
  }
  return recorder.shapes;
}

/** A min-heap of result indices: the queue masking walks in order. */
function push(heap: number[], value: number): void {
  heap.push(value);
  let k = heap.length - 1;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    if ((heap[parent] as number) <= value) break;
    heap[k] = heap[parent] as number;
    k = parent;
  }
  heap[k] = value;
}

function pop(heap: number[]): number {
  const top = heap[0] as number;
  const tail = heap.pop() as number;
  if (heap.length > 0) {
    let k = 0;
    for (;;) {
      const left = 2 * k + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && (heap[right] as number) < (heap[left] as number) ? right : left;
      if ((heap[child] as number) >= tail) break;
      heap[k] = heap[child] as number;
      k = child;
    }
    heap[k] = tail;
  }
  return top;
}
