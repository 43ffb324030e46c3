import type { ModelErrorKind } from './types';

/**
 * Why a model summary failed, in a sentence that names the endpoint, the HTTP status and the server's own words.
 * `ContextPruner.prune` turns it into a result with reason `summarizer-failed` and this message as its detail.
 */
export class ModelRequestError extends Error {
  /** `ModelRequestError`, so a log tells it from other errors. */
  override readonly name = 'ModelRequestError';
  /** What went wrong: `timeout`, `rate-limited` (429), `server` (5xx or an error event), `http` (another status), `network`, `malformed`, `no-content` or `aborted`. */
  readonly kind: ModelErrorKind;
  /** The HTTP status, when a response came. */
  readonly status: number | undefined;
  /** Requests made, retries included. */
  readonly attempts: number;

  constructor(kind: ModelErrorKind, message: string, options: { status?: number; attempts?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
}
