/** The messages one request touches, each once, in the order first touched (`list[0 .. count)`). */
export interface TouchedMessages {
  readonly list: Int32Array;
  count: number;
  /** A new request: none touched yet. */
  begin(): void;
  touch(m: number): void;
}

/**
 * A per-context set of touched messages for the edit replays (masking, clear tool uses): each message is marked with
 * the request's round, so a new request starts afresh without clearing anything or making a `Set` per request.
 */
export function createTouchedMessages(size: number): TouchedMessages {
  const mark = new Int32Array(size);
  let round = 0;
  const touched: TouchedMessages = {
    list: new Int32Array(size),
    count: 0,
    begin() {
      round++;
      touched.count = 0;
    },
    touch(m) {
      if (mark[m] === round) return;
      mark[m] = round;
      touched.list[touched.count++] = m;
    },
  };
  return touched;
}
