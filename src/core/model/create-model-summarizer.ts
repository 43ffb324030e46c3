import type { MessageLike } from '../types';
import type { SummarizeOptions } from '../summary/types';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import type { ModelProtocol, ModelSummarizer, ModelSummarizerOptions } from './types';
import { MODEL_SUMMARY_PROMPT } from './model-summary-prompt';
import { renderTurnsForModel } from './render-turns-for-model';
import { buildModelRequest } from './build-model-request';
import { hostGlobals, type ListenableSignal } from './host-globals';
import { ModelRequestError } from './model-request-error';
import { AttemptError, sendModelRequest } from './send-model-request';

const PROTOCOLS: readonly ModelProtocol[] = ['anthropic', 'openai-chat', 'openai-responses'];
const FIRST_BACKOFF_MS = 1_000;

/**
 * A `Summarizer` whose summaries a model of the user's own writes: Anthropic Messages, OpenAI Chat Completions (and
 * every OpenAI-compatible server: vLLM, llama.cpp, Ollama, by `baseUrl`) or OpenAI Responses. `summarize` sends the
 * turns as one prompt (`MODEL_SUMMARY_PROMPT` and the rendered messages) and resolves with the answer's text.
 *
 * A 429, a 5xx, a timeout, a broken connection or a malformed answer is retried up to `retries` times, after the
 * server's `retry-after` (a longer wait than `maxRetryDelayMs` fails at once) or a doubling backoff. A failure
 * rejects with a `ModelRequestError` that names the endpoint, the status and the server's words; `ContextPruner`
 * then leaves the window unchanged with reason `summarizer-failed`. Nothing is sent until `summarize` is called.
 *
 * @throws {TypeError | RangeError} for an option of the wrong type or out of range, or when there is no `fetch`
 */
export function createModelSummarizer(options: ModelSummarizerOptions): ModelSummarizer {
  const settings = checkOptions(options);
  const { protocol, model } = settings;
  const url = buildModelRequest({ ...settings, apiKey: undefined, headers: undefined, system: '', user: '' }).url;
  const found = options.fetch ?? hostGlobals().fetch;
  if (found === undefined) throw new TypeError('createModelSummarizer: this runtime has no global fetch; pass options.fetch');
  const fetch = found;
  const where = `${protocol} model ${model} at ${url}`;

  async function summarize(turns: readonly MessageLike[], taskContext = '', summarizeOptions?: SummarizeOptions): Promise<string> {
    if (!Array.isArray(turns)) throw new TypeError(`createModelSummarizer: turns must be an array, got ${typeof turns}`);
    const user = [
      `Summarize these ${turns.length} messages.`,
      taskContext.trim() === '' ? '' : `\nWhat the summary is for: ${taskContext.trim()}\n`,
      `<messages>\n${renderTurnsForModel(turns, settings.maxBlockChars)}\n</messages>`,
    ].join('\n');
    return cleanSummary(await complete(settings.prompt, user, summarizeOptions));
  }

  async function complete(system: string, user: string, completeOptions?: SummarizeOptions): Promise<string> {
    if (typeof system !== 'string' || typeof user !== 'string') throw new TypeError('createModelSummarizer: complete takes the system and user text as strings');
    const signal = completeOptions?.signal as ListenableSignal | undefined;
    const request = buildModelRequest({ ...settings, system, user });
    for (let attempt = 1; ; attempt++) {
      try {
        const text = await sendModelRequest({
          protocol,
          url: request.url,
          headers: request.headers,
          body: request.body,
          stream: settings.stream,
          timeoutMs: settings.timeoutMs,
          fetch,
          signal,
          onText: options.onText,
        });
        return text;
      } catch (error) {
        if (!(error instanceof AttemptError)) throw error;
        const tried = attempt === 1 ? '' : ` (after ${attempt} attempts)`;
        const fail = (extra = '') =>
          new ModelRequestError(error.kind, `${where}: ${error.message}${extra}${tried}`, {
            attempts: attempt,
            cause: error.cause ?? error,
            ...(error.status !== undefined ? { status: error.status } : {}),
          });
        if (!error.retryable || attempt > settings.retries) throw fail();
        const asked = error.retryAfterMs;
        if (asked !== undefined && asked > settings.maxRetryDelayMs) {
          throw fail(`; the server asks to retry after ${Math.ceil(asked / 1000)} s, longer than maxRetryDelayMs (${settings.maxRetryDelayMs} ms)`);
        }
        const wait = asked ?? Math.min(settings.maxRetryDelayMs, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
        await sleep(wait, signal);
      }
    }
  }

  return { summarize, complete, url, protocol, model, prompt: settings.prompt };
}

/** The answer as a summary's text: trimmed, without a marker line the model may have echoed (the pruner adds it). */
function cleanSummary(text: string): string {
  let summary = text.trim();
  if (summary.startsWith(CONTEXT_SUMMARY_MARKER)) summary = summary.slice(CONTEXT_SUMMARY_MARKER.length).trim();
  return summary;
}

function sleep(ms: number, signal: ListenableSignal | undefined): Promise<void> {
  const host = hostGlobals();
  return new Promise((resolve, reject) => {
    const aborted = (): ModelRequestError => new ModelRequestError('aborted', 'the summary was aborted while waiting to retry', { cause: signal?.reason });
    if (signal?.aborted) return reject(aborted());
    const onAbort = (): void => {
      host.clearTimeout(timer);
      reject(aborted());
    };
    const timer = host.setTimeout(() => {
      signal?.removeEventListener?.('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener?.('abort', onAbort, { once: true });
  });
}

type Settings = Required<Omit<ModelSummarizerOptions, 'fetch' | 'onText' | 'baseUrl' | 'apiKey' | 'headers'>> &
  Pick<ModelSummarizerOptions, 'baseUrl' | 'apiKey' | 'headers'>;

function checkOptions(options: ModelSummarizerOptions): Settings {
  const fail = (what: string, value: unknown, Kind: typeof TypeError = TypeError): never => {
    throw new Kind(`createModelSummarizer: ${what}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  };
  if (options === null || typeof options !== 'object') fail('options must be an object', options);
  const { protocol, baseUrl, model, apiKey, headers } = options;
  if (!PROTOCOLS.includes(protocol)) fail(`protocol must be one of ${PROTOCOLS.join(', ')}`, protocol);
  if (typeof model !== 'string' || model.trim() === '') fail('model must be a non-empty string', model);
  if (baseUrl !== undefined && (typeof baseUrl !== 'string' || !/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/i.test(baseUrl))) {
    fail('baseUrl must be an http(s) URL without query or fragment, such as http://localhost:11434/v1', baseUrl);
  }
  if (apiKey !== undefined && typeof apiKey !== 'string') fail('apiKey must be a string', typeof apiKey);
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Object.values(headers).some((v) => typeof v !== 'string'))) {
    fail('headers must be an object of strings', headers);
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch must be a function', typeof options.fetch);
  if (options.onText !== undefined && typeof options.onText !== 'function') fail('onText must be a function', typeof options.onText);
  if (options.prompt !== undefined && (typeof options.prompt !== 'string' || options.prompt.trim() === '')) fail('prompt must be a non-empty string', options.prompt);
  if (options.stream !== undefined && typeof options.stream !== 'boolean') fail('stream must be a boolean', options.stream);
  const integer = (key: 'maxTokens' | 'timeoutMs' | 'retries' | 'maxRetryDelayMs' | 'maxBlockChars', fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const value = options[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number') fail(`${key} must be a number`, value);
    if (!Number.isInteger(value) || value < min || value > max) fail(`${key} must be an integer from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`, value, RangeError);
    return value;
  };
  return {
    protocol,
    model,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(headers !== undefined ? { headers } : {}),
    maxTokens: integer('maxTokens', 4_000, 16),
    timeoutMs: integer('timeoutMs', 120_000, 1),
    retries: integer('retries', 2, 0, 10),
    maxRetryDelayMs: integer('maxRetryDelayMs', 60_000, 0),
    maxBlockChars: integer('maxBlockChars', 4_000, 100),
    stream: options.stream ?? false,
    prompt: options.prompt ?? MODEL_SUMMARY_PROMPT,
  };
}
