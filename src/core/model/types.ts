/**
 * Types of the model summarizer (`createModelSummarizer`): which API it speaks, how it is reached, and the parts of
 * `fetch` it uses. The core compiles without the DOM library, so `fetch` is typed here by what is read of it.
 */
import type { MessageLike } from '../types';
import type { SummarizeOptions } from '../summary/types';

/**
 * The API a model is reached through: Anthropic Messages (`POST {baseUrl}/v1/messages`), OpenAI Chat Completions
 * (`POST {baseUrl}/chat/completions`, which every OpenAI-compatible server speaks: vLLM, llama.cpp, Ollama) or
 * OpenAI Responses (`POST {baseUrl}/responses`).
 */
export type ModelProtocol = 'anthropic' | 'openai-chat' | 'openai-responses';

/** The headers of a response, as `fetch` gives them. */
export interface HeadersLike {
  /** A header's value, or null when absent; the name is matched without regard to case. */
  get(name: string): string | null;
}

/** A reader of a response body's bytes (a web `ReadableStream`'s reader). */
export interface BodyReaderLike {
  /** The next chunk of bytes, or `done` at the end. */
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  /** Stops reading and lets the connection go. */
  cancel(reason?: unknown): Promise<void>;
}

/** The parts of a `fetch` `Response` the summarizer reads. */
export interface ResponseLike {
  /** The HTTP status code. */
  readonly status: number;
  /** The status's words (`Too Many Requests`); may be empty (HTTP/2). */
  readonly statusText: string;
  /** The response's headers (`retry-after`, `content-type`). */
  readonly headers: HeadersLike;
  /** The body as a stream, read when the answer is streamed. */
  readonly body: { getReader(): BodyReaderLike } | null;
  /** The whole body as text. */
  text(): Promise<string>;
}

/** What the summarizer passes to `fetch`. */
export interface FetchInit {
  /** Always POST. */
  method: 'POST';
  /** `content-type`, `accept`, the key's header, the protocol's version header and `options.headers`. */
  headers: Record<string, string>;
  /** The request as JSON. */
  body: string;
  /** An `AbortSignal`: a timeout, the caller's signal, or both. */
  signal: unknown;
}

/** `fetch`, as far as the summarizer uses it; the global one fits. */
export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;

/** How to reach the model and how patient to be. */
export interface ModelSummarizerOptions {
  /** The API the endpoint speaks. */
  protocol: ModelProtocol;
  /**
   * Where the API is, without the endpoint's own path. Default is the protocol's official one:
   * `https://api.anthropic.com` (the path `/v1/messages` is added) or `https://api.openai.com/v1` (`/chat/completions`
   * or `/responses` is added). A local OpenAI-compatible server: `http://localhost:11434/v1` (Ollama),
   * `http://localhost:8000/v1` (vLLM), `http://localhost:8080/v1` (llama.cpp).
   */
  baseUrl?: string;
  /** The model's name, as the endpoint knows it. */
  model: string;
  /** Sent as `x-api-key` (anthropic) or `Authorization: Bearer` (openai-*). Default is none (a local server). */
  apiKey?: string;
  /** More headers, sent as they are (and over the ones the summarizer sets). */
  headers?: Record<string, string>;
  /** The longest summary the model may write, in its tokens. Default is 4,000. Range: integer ≥ 16. */
  maxTokens?: number;
  /**
   * How long to wait, in milliseconds, for the answer (streaming: for its headers, then for each next chunk).
   * Default is 120,000. Range: integer ≥ 1.
   */
  timeoutMs?: number;
  /** Attempts after the first, for 429, 5xx, a timeout or a failed connection. Default is 2. Range: integer 0–10. */
  retries?: number;
  /**
   * The longest wait before a retry, in milliseconds: a `retry-after` asking for more fails at once, saying so.
   * Default is 60,000. Range: integer ≥ 0.
   */
  maxRetryDelayMs?: number;
  /** Reads the answer as server-sent events while it is written. Default is false. */
  stream?: boolean;
  /** Called with each piece of text as it streams in (with `stream`), for progress. */
  onText?: (delta: string) => void;
  /** The prompt's instructions. Default is `MODEL_SUMMARY_PROMPT`. */
  prompt?: string;
  /** Each text or tool result longer than this many characters is shortened (its start and end kept). Default is 4,000. Range: integer ≥ 100. */
  maxBlockChars?: number;
  /** Default is the global `fetch`. */
  fetch?: FetchLike;
}

/** A `Summarizer` for `ContextPruner` (or anything that awaits `summarize`) whose summaries a model writes. */
export interface ModelSummarizer {
  /** Resolves with the model's summary of `turns`; rejects with a `ModelRequestError` that says why not. */
  summarize(turns: readonly MessageLike[], taskContext?: string, options?: SummarizeOptions): Promise<string>;
  /**
   * Sends one request of the caller's own (`system` instructions, one `user` message) with the same retries and
   * errors as `summarize`, and resolves with the answer's text as written. What the advisor's
   * model-answered probes ask through.
   */
  complete(system: string, user: string, options?: SummarizeOptions): Promise<string>;
  /** Where requests go: the full URL of the endpoint. */
  readonly url: string;
  /** The API it speaks. */
  readonly protocol: ModelProtocol;
  /** The model's name, as sent. */
  readonly model: string;
  /** The instructions sent with every request (`options.prompt`, or `MODEL_SUMMARY_PROMPT`), for a page to show. */
  readonly prompt: string;
}

/** Why a model request failed. */
export type ModelErrorKind =
  | 'timeout'
  | 'rate-limited'
  | 'server'
  | 'http'
  | 'network'
  | 'malformed'
  | 'no-content'
  | 'aborted';
