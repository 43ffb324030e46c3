import type { ReplayContext } from '../requests/replay-context';
import type { SentShapes } from '../requests/sent-types';
import { createFenwick, type Fenwick } from './create-fenwick';
import { createMaskedShapes } from './create-masked-shapes';

/**
 * What an editor is told of one request: `n` messages of its context are sent (context-relative `[0, n)`), counting
 * `total` tokens as they are, its turn beginning at `turnStart`. It names each message whose edited form changed since
 * the previous request: `edit(m, difference)`, the edited form's tokens less the message's own as the request counts
 * it, or undefined when it is sent as it is again. The request object is the same one, rewritten, every request: read
 * it, do not keep it.
 */
export type MessageEditor = (request: { n: number; total: number; turnStart: number }, edit: (m: number, difference: number | undefined) => void) => void;

/**
 * The stateless shapes of a strategy that edits messages in place (clears a result, elides an output, drops
 * thinking) and whose edits change only a few messages between requests: `editorFor(start)` makes the editor of the
 * context from `start`, called once per request in order. Each edited message's difference sits in a Fenwick tree,
 * so a request's total and what it shares with the previous one cost O(log n) (`createMaskedShapes`).
 *
 * A replay runs tens of thousands of requests and most edit nothing: what a request is told and the edit callback are
 * made once per replay and rewritten, what is recorded is passed by position (none is made per request, where most
 * of its garbage was), and which messages stand edited is a byte per message of the context, not a Set.
 */
export function replayMessageEdits(context: ReplayContext, editorFor: (start: number) => MessageEditor): SentShapes {
  const { requests, counts } = context;
  const recorder = createMaskedShapes(requests.count, counts);
  let start = -1;
  let editor: MessageEditor = () => undefined;
  let tree: Fenwick = createFenwick(0);
  let edited = new Uint8Array(0);
  let changedAt = Infinity;
  let previousEnd = -1;
  const edit = (m: number, difference: number | undefined): void => {
    tree.set(m, difference ?? 0);
    edited[m] = difference === undefined ? 0 : 1;
    if (start + m < previousEnd) changedAt = Math.min(changedAt, start + m);
  };
  const told = { n: 0, total: 0, turnStart: 0 };
  for (let r = 0; r < requests.count; r++) {
    const s = requests.contextStart[r] as number;
    const end = requests.messageIndex[r] as number;
    const turnStart = requests.turnStart[r] as number;
    const fresh = s !== start;
    if (fresh) {
      start = s;
      editor = editorFor(s);
      const size = context.segment(s).count;
      tree = createFenwick(size);
      edited = new Uint8Array(size);
    }
    const total = counts.sum(s, end, turnStart);
    changedAt = Infinity;
    previousEnd = recorder.previousEnd;
    told.n = end - s;
    told.total = total;
    told.turnStart = turnStart;
    editor(told, edit);
    const response = previousEnd - s;
    const masked = response >= 0 && response < edited.length && edited[response] === 1;
    recorder.record(r, s, fresh, end, turnStart, total + tree.prefix(end - s), changedAt, masked, tree);
  }
  return recorder.shapes;
}
