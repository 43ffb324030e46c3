import type { Message } from '../types';
import type { MessageView } from './message-view';

/** What builds a lazy view's messages: view message `v` of the caller's items. */
export interface ViewSource {
  build(v: number): Message;
}

/**
 * A view whose canonical messages are built when read: `list.at(v)` builds view message `v` once (`source.build`),
 * and `messages` builds every one on its first read. The items' runs (`owner`, `first`, `end`) are the caller's, made
 * in the pass that checks every item, so an item of another API is refused whether or not its message is read.
 */
export function lazyView(owner: Int32Array, first: Int32Array, end: Int32Array, source: ViewSource): MessageView {
  return new Lazy(owner, first, end, source);
}

/**
 * A class, not an object literal of closures, for the speed of the call after a full GC: V8 holds a closure's
 * optimized code weakly, so a per-call `at` closure lost its code to every major GC and the next prune ran it
 * unoptimized while it recompiled. A class's methods live as long as the class.
 */
class Lazy implements MessageView {
  /**
   * One instance for the life of the class, to keep its map alive: V8 reaches the map of an object whose fields were
   * added one by one (a class instance's) only weakly, from the class's first map. With no view alive, a full GC
   * dropped it, and with it the optimized code of everything that had read a view (`pruneView`, `at`): the next prune
   * ran unoptimized while it all recompiled, at 4–15× the core's CPU. The sources keep theirs the same way.
   */
  static readonly keepMap: unknown = new Lazy(new Int32Array(0), new Int32Array(0), new Int32Array(0), { build: () => ({ role: 'user', content: '' }) });

  readonly list: this;
  readonly length: number;
  // Filled as read: a holey array of `length` slots costs nothing until a message is built.
  private readonly built: (Message | undefined)[];
  private all: Message[] | undefined;

  constructor(
    readonly owner: Int32Array,
    readonly first: Int32Array,
    readonly end: Int32Array,
    private readonly source: ViewSource,
  ) {
    this.length = first.length;
    this.built = new Array<Message | undefined>(first.length);
    this.all = undefined;
    this.list = this;
  }

  at(v: number): Message {
    let message = this.built[v];
    if (message === undefined) {
      message = this.source.build(v);
      this.built[v] = message;
    }
    return message;
  }

  get messages(): Message[] {
    if (this.all === undefined) {
      for (let v = 0; v < this.length; v++) this.at(v);
      // Every slot filled: the cache is the list (a second array of every message was one more for the collector).
      this.all = this.built as Message[];
    }
    return this.all;
  }
}
