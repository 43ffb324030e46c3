import type { FetchLike, ModelProtocol, ResponseLike } from './types';
import { hostGlobals, type ListenableSignal } from './host-globals';
import { ModelRequestError } from './model-request-error';
import { readModelAnswer } from './read-model-answer';
import { readStreamEvent } from './read-stream-event';
import { readServerSentEvents } from './read-server-sent-events';
import { errorText } from './error-text';

export interface ModelAttempt {
  protocol: ModelProtocol;
  url: string;
  headers: Record<string, string>;
  body: string;
  stream: boolean;
  timeoutMs: number;
  fetch: FetchLike;
  signal: ListenableSignal | undefined;
  onText: ((delta: string) => void) | undefined;
}

/** A failed attempt: whether another may succeed, and how long the server asked to wait (ms). */
export class AttemptError extends ModelRequestError {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(error: ModelRequestError, retryable: boolean, retryAfterMs?: number) {
    super(error.kind, error.message, { ...(error.status !== undefined ? { status: error.status } : {}), cause: error.cause });
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

/**
 * One request and its answer's text. The timeout runs until the headers come, then restarts for the whole body (or,
 * streaming, for each chunk); the caller's signal aborts it. A server that answers a streamed request with plain
 * JSON is read as JSON. Every failure is an `AttemptError` that says what happened and whether to retry.
 */
export async function sendModelRequest(attempt: ModelAttempt): Promise<string> {
  const host = hostGlobals();
  const controller = new host.AbortController();
  let timedOut = false;
  let timer: unknown;
  const arm = (): void => {
    host.clearTimeout(timer);
    timer = host.setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${attempt.timeoutMs} ms`));
    }, attempt.timeoutMs);
  };
  const { signal } = attempt;
  const onAbort = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) throw new AttemptError(new ModelRequestError('aborted', 'the summary was aborted', { cause: signal.reason }), false);
  signal?.addEventListener?.('abort', onAbort, { once: true });
  // Any failure while a request is under way: a timeout and an abort are told apart from a broken connection.
  const lost = (error: unknown, phase: string): AttemptError => {
    if (timedOut) return new AttemptError(new ModelRequestError('timeout', `no answer within ${attempt.timeoutMs} ms (${phase})`, { cause: error }), true);
    if (signal?.aborted) return new AttemptError(new ModelRequestError('aborted', 'the summary was aborted', { cause: signal.reason }), false);
    const why = error instanceof Error ? describeCause(error) : String(error);
    return new AttemptError(new ModelRequestError('network', `the connection failed (${phase}): ${why}`, { cause: error }), true);
  };
  arm();
  try {
    let response: ResponseLike;
    try {
      response = await attempt.fetch(attempt.url, { method: 'POST', headers: attempt.headers, body: attempt.body, signal: controller.signal });
    } catch (error) {
      throw lost(error, 'waiting for the response');
    }
    arm();
    if (response.status < 200 || response.status > 299) {
      const text = await response.text().catch(() => '');
      throw httpFailure(response, text);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!attempt.stream || !type.includes('text/event-stream') || response.body === null) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw lost(error, 'reading the answer');
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AttemptError(new ModelRequestError('malformed', `the answer is not JSON: ${preview(text)}`, { status: response.status }), true);
      }
      const answer = readModelAnswer(attempt.protocol, json);
      if ('problem' in answer) throw new AttemptError(new ModelRequestError('no-content', answer.problem, { status: response.status }), false);
      return answer.text;
    }
    return await readStream(attempt, response, arm, lost);
  } finally {
    host.clearTimeout(timer);
    signal?.removeEventListener?.('abort', onAbort);
  }
}

async function readStream(
  attempt: ModelAttempt,
  response: ResponseLike,
  arm: () => void,
  lost: (error: unknown, phase: string) => AttemptError,
): Promise<string> {
  const reader = (response.body as NonNullable<ResponseLike['body']>).getReader();
  let text = '';
  let done = false;
  try {
    for await (const data of readServerSentEvents(reader, arm)) {
      const step = readStreamEvent(attempt.protocol, data);
      if (step.problem !== undefined) {
        const kind = step.problem.startsWith('a streamed event is not JSON') ? 'malformed' : 'server';
        throw new AttemptError(new ModelRequestError(kind, step.problem, { status: response.status }), kind === 'malformed' || /overloaded|rate_limit/.test(step.problem));
      }
      if (step.text !== undefined) {
        text += step.text;
        attempt.onText?.(step.text);
      }
      if (step.done) {
        done = true;
        break;
      }
    }
  } catch (error) {
    if (error instanceof AttemptError) throw error;
    throw lost(error, 'reading the stream');
  } finally {
    // Also after the end: a Chat stream is left at its finish reason, before its [DONE], and the connection should go.
    await reader.cancel().catch(() => undefined);
  }
  if (!done) throw new AttemptError(new ModelRequestError('malformed', `the stream ended before the answer did (after ${text.length} characters)`), true);
  if (text.trim() === '') throw new AttemptError(new ModelRequestError('no-content', 'the streamed answer has no text'), false);
  return text;
}

function httpFailure(response: ResponseLike, body: string): AttemptError {
  const { status } = response;
  let detail: string | undefined;
  try {
    const json = JSON.parse(body) as { error?: unknown; message?: unknown };
    detail = errorText(json.error) ?? (typeof json.message === 'string' ? json.message : undefined);
  } catch {
    detail = undefined;
  }
  detail ??= body.trim() === '' ? undefined : preview(body);
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  const kind = status === 429 ? 'rate-limited' : status >= 500 ? 'server' : 'http';
  const hint = status === 401 || status === 403 ? ' (check the API key)' : status === 404 ? ' (check the base URL and the model name)' : '';
  const message = `HTTP ${status}${statusText}${hint}${detail ? `: ${detail}` : ''}`;
  return new AttemptError(new ModelRequestError(kind, message, { status }), RETRYABLE_STATUS.has(status), retryAfterMs(response));
}

/** `retry-after-ms` (OpenAI), else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(response: ResponseLike): number | undefined {
  const ms = Number(response.headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = response.headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function describeCause(error: Error): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const inner = typeof cause?.message === 'string' ? cause.message : undefined;
  return [error.message, code ?? inner].filter(Boolean).join(': ');
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line === '' ? '(empty)' : line;
}
