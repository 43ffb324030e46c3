import type { ModelProtocol } from './types';
import { errorText } from './error-text';

/** What one server-sent event adds: text, the end of the answer, or why it failed. */
export interface StreamStep {
  text?: string;
  done?: boolean;
  problem?: string;
}

/**
 * One streamed event of the protocol, read: Anthropic's `content_block_delta` (`text_delta`) and `message_stop`,
 * Chat's `choices[0].delta.content` and `[DONE]` (or a finish reason), the Responses API's `response.output_text.delta` and
 * `response.completed`; an `error` event (or a failed response) in any of them is a problem. Other events (pings,
 * starts, usage) add nothing.
 */
export function readStreamEvent(protocol: ModelProtocol, data: string): StreamStep {
  if (data === '[DONE]') return { done: true };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { problem: `a streamed event is not JSON: ${data.slice(0, 120)}` };
  }
  if (json === null || typeof json !== 'object') return {};
  const event = json as Record<string, unknown>;
  const error = errorText(event.error);
  if (event.type === 'error' || (error !== undefined && protocol !== 'openai-responses')) {
    // The Responses API's error event carries its message at the top level.
    const message = error ?? (typeof event.message === 'string' ? event.message : data.slice(0, 200));
    return { problem: `the stream sent an error: ${message}` };
  }
  if (protocol === 'anthropic') {
    if (event.type === 'content_block_delta') {
      const delta = event.delta as { type?: unknown; text?: unknown } | undefined;
      return delta?.type === 'text_delta' && typeof delta.text === 'string' ? { text: delta.text } : {};
    }
    if (event.type === 'message_delta') {
      const delta = event.delta as { stop_reason?: unknown } | undefined;
      return delta?.stop_reason === 'refusal' ? { problem: 'the model refused (stop_reason refusal)' } : {};
    }
    return event.type === 'message_stop' ? { done: true } : {};
  }
  if (protocol === 'openai-chat') {
    type Choice = { delta?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown };
    const choice = Array.isArray(event.choices) ? (event.choices[0] as Choice | undefined) : undefined;
    const refusal = choice?.delta?.refusal;
    if (typeof refusal === 'string' && refusal !== '') return { problem: `the model refused: ${refusal}` };
    const content = choice?.delta?.content;
    // Some compatible servers end with a finish reason and no [DONE].
    const done = typeof choice?.finish_reason === 'string';
    return { ...(typeof content === 'string' && content !== '' ? { text: content } : {}), ...(done ? { done } : {}) };
  }
  switch (event.type) {
    case 'response.output_text.delta':
      return typeof event.delta === 'string' ? { text: event.delta } : {};
    case 'response.completed':
    case 'response.incomplete':
      return { done: true };
    case 'response.failed': {
      const response = event.response as { error?: unknown } | undefined;
      return { problem: `the response failed: ${errorText(response?.error) ?? 'no reason given'}` };
    }
    default:
      return {};
  }
}
