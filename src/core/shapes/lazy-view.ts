import type { Message } from '../types';
import type { MessageView } from './message-view';

/**
 * A view whose canonical messages are built when read: `at(v)` builds view message `v` once (`build`), and
 * `messages` builds every one on its first read. The items' runs (`owner`, `first`, `end`) are the caller's, made
 * in the pass that checks every item, so an item of another API is refused whether or not its message is read.
 */
export function lazyView<E extends object>(owner: Int32Array, first: Int32Array, end: Int32Array, build: (v: number) => Message, extra: E): MessageView & E {
  const count = first.length;
  // Filled as read: a holey array of `count` slots costs nothing until a message is built.
  const built: (Message | undefined)[] = new Array<Message | undefined>(count);
  let all: Message[] | undefined;
  const at = (v: number): Message => (built[v] ??= build(v));
  return {
    ...extra,
    owner,
    first,
    end,
    at,
    get messages(): Message[] {
      if (all === undefined) {
        all = new Array<Message>(count);
        for (let v = 0; v < count; v++) all[v] = at(v);
      }
      return all;
    },
  };
}
