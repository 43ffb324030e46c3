import type { ModelErrorKind } from './types';

/**
 * Why a model summary failed, in a sentence that names the endpoint, the HTTP status and the server's own words.
 * `ContextPruner.prune` turns it into a result with reason `summarizer-failed` and this message as its detail.
 */
export class ModelRequestError extends Error {
  override readonly name = 'ModelRequestError';
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
