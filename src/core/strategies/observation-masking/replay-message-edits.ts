import type { ReplayContext } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { createFenwick, type Fenwick } from './create-fenwick';
import { createMaskedShapes } from './create-masked-shapes';

/**
 * What an editor is told of one request: `n` messages of its context are sent (context-relative `[0, n)`), counting
 * `total` tokens as they are, its turn beginning at `turnStart`. It names each message whose edited form changed since
 * the previous request: `edit(m, difference)`, the edited form's tokens less the message's own as the request counts
 * it, or undefined when it is sent as it is again.
 */
export type MessageEditor = (request: { n: number; total: number; turnStart: number }, edit: (m: number, difference: number | undefined) => void) => void;

/**
 * The stateless shapes of a strategy that edits messages in place (clears a result, elides an output, drops
 * thinking) and whose edits change only a few messages between requests: `editorFor(start)` makes the editor of the
 * context from `start`, called once per request in order. Each edited message's difference sits in a Fenwick tree,
 * so a request's total and what it shares with the previous one cost O(log n) (`createMaskedShapes`).
 */
export function replayMessageEdits(context: ReplayContext, editorFor: (start: number) => MessageEditor): SentShapes {
  const { requests, counts } = context;
  const recorder = createMaskedShapes(requests.count, counts);
  let start = -1;
  let editor: MessageEditor = () => undefined;
  let tree: Fenwick = createFenwick(0);
  let edited = new Set<number>();
  for (let r = 0; r < requests.count; r++) {
    const s = requests.contextStart[r] as number;
    const end = requests.messageIndex[r] as number;
    const turnStart = requests.turnStart[r] as number;
    const fresh = s !== start;
    if (fresh) {
      start = s;
      editor = editorFor(s);
      tree = createFenwick(context.segment(s).count);
      edited = new Set();
    }
    const total = counts.sum(s, end, turnStart);
    let changedAt = Infinity;
    editor({ n: end - s, total, turnStart }, (m, difference) => {
      tree.set(m, difference ?? 0);
      if (difference === undefined) edited.delete(m);
      else edited.add(m);
      if (s + m < recorder.previousEnd) changedAt = Math.min(changedAt, s + m);
    });
    const responseMasked = edited.has(recorder.previousEnd - s);
    recorder.record(r, { start: s, fresh, end, turnStart, total: total + tree.prefix(end - s), changedAt, responseMasked }, tree);
  }
  return recorder.shapes;
}
