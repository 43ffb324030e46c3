import type { ModelProtocol } from './types';

const DEFAULT_BASE: Record<ModelProtocol, string> = {
  anthropic: 'https://api.anthropic.com',
  'openai-chat': 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
};
const PATH: Record<ModelProtocol, string> = {
  anthropic: '/v1/messages',
  'openai-chat': '/chat/completions',
  'openai-responses': '/responses',
};
const ANTHROPIC_VERSION = '2023-06-01';

export interface ModelRequestInput {
  protocol: ModelProtocol;
  baseUrl?: string | undefined;
  model: string;
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
  maxTokens: number;
  stream: boolean;
  system: string;
  user: string;
}

/**
 * The URL, headers and JSON body of one request in the protocol's own shape. A base URL that already ends with the
 * endpoint's path is taken as the endpoint. OpenAI's own API takes `max_completion_tokens` (its reasoning models
 * reject `max_tokens`); compatible servers (vLLM, llama.cpp, Ollama) are sent `max_tokens`, which all of them read.
 */
export function buildModelRequest(input: ModelRequestInput): { url: string; headers: Record<string, string>; body: string } {
  const { protocol, model, apiKey, maxTokens, stream, system, user } = input;
  const base = (input.baseUrl ?? DEFAULT_BASE[protocol]).replace(/\/+$/, '');
  const path = PATH[protocol];
  const url = base.endsWith(path) ? base : `${base}${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' };
  if (protocol === 'anthropic') {
    headers['anthropic-version'] = ANTHROPIC_VERSION;
    if (apiKey) headers['x-api-key'] = apiKey;
  } else if (apiKey) {
    headers.authorization = `Bearer ${apiKey}`;
  }
  Object.assign(headers, input.headers);
  let body: Record<string, unknown>;
  if (protocol === 'anthropic') {
    body = { model, max_tokens: maxTokens, system, messages: [{ role: 'user', content: user }] };
  } else if (protocol === 'openai-chat') {
    const official = /^https:\/\/api\.openai\.com\//.test(url);
    body = {
      model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      [official ? 'max_completion_tokens' : 'max_tokens']: maxTokens,
    };
  } else {
    body = { model, instructions: system, input: user, max_output_tokens: maxTokens, store: false };
  }
  if (stream) body.stream = true;
  return { url, headers, body: JSON.stringify(body) };
}
