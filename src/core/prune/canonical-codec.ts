import type { Message } from '../types';
import type { ViewCodec } from './message-view';
import { contentText } from '../text/content-text';

/**
 * Canonical messages are their own view: a replacement or a summary is sent as the core made it. A `system` message
 * (outside the view) is sent while the messages on both sides of it are, so it keeps its place: after the turn it
 * follows, before the one it precedes. One with nothing before it stays, as the caller had it.
 */
export const canonicalCodec: ViewCodec<Message> = {
  replace: (_items, _view, _v, replacement) => [replacement],
  insert: (message) => message,
  sentOutside(_items, i, sent, view) {
    const { owner } = view;
    let before = i - 1;
    while (before >= 0 && owner[before] === -1) before--;
    if (before < 0) return true;
    let after = i + 1;
    while (after < owner.length && owner[after] === -1) after++;
    return sent[owner[before] as number] === 1 && (after === owner.length || sent[owner[after] as number] === 1);
  },
  outsideText: (message) => contentText(message.content),
};
