/**
 * What a request sent, as the cache compares it: a list of items, each a transcript message sent as it is, a
 * message sent in place of one (masked, shortened), or a message a plan added (a summary). Two requests share an
 * item when it is the same transcript message in the same form, or a synthetic message with the same source and
 * content; the cache reads the items two requests share from the start.
 *
 * Keys: transcript message i is `i`, or `-(i + 1)` in a request whose turn began after it when it counts less there
 * (its earlier-turn form, thinking dropped). A message sent in place of message i is `r:i:<json>` (`r:-:<json>` for
 * one replacing a synthetic message with no source); a message a plan added is `i:<json>`.
 */
export type ItemKey = number | string;

/** Every item of a request, in order, with its tokens. */
export interface SentItems {
  keys: ItemKey[];
  tokens: number[];
  /** Per item: the transcript message it is or stands in place of (-1 for an added message). */
  sources: number[];
  total: number;
}

/**
 * A request's items when they are a synthetic head (at most one) and runs of transcript messages: what the window
 * strategies, importance and no pruning send. `runs` holds pairs [from, to) of message indices, ascending.
 */
export interface SentRuns {
  headKey?: string;
  headTokens: number;
  runs: number[];
  /** The request's turn start, which decides each message's form (see `ItemKey`). */
  turnStart: number;
  total: number;
}

/** How a request continues the previous one. */
export interface Continuation {
  /** Tokens of the items both share from the start. */
  common: number;
  /** The previous request's items are all at the start of this one's. */
  extends: boolean;
}

/** Per request, what a strategy sent, as the cache sees it (see `RequestShape`). */
export interface SentShapes {
  sent: Float64Array;
  common: Float64Array;
  extends: Uint8Array;
  /**
   * Per request: 1 when its items continue the previous request's with the previous response, in the form the
   * model wrote it (OpenAI's cache holds that response too). Absent: never.
   */
  follows?: Uint8Array;
}
