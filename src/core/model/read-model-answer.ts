import type { ModelProtocol } from './types';
import { errorText } from './error-text';

/** What a model's answer held: its text, or why there is none. */
export type ModelAnswer = { text: string } | { problem: string };

/**
 * The text of a complete (not streamed) answer: Anthropic's text blocks, Chat's first choice's message, or the
 * Responses API's output text. An answer cut by its token limit is still a summary, so it is taken; a refusal, an
 * empty or a missing text is a problem, said in words.
 */
export function readModelAnswer(protocol: ModelProtocol, json: unknown): ModelAnswer {
  if (json === null || typeof json !== 'object') return { problem: `the answer is ${json === null ? 'null' : typeof json}, not a JSON object` };
  const answer = json as Record<string, unknown>;
  const error = errorText(answer.error);
  if (error !== undefined) return { problem: `the answer is an error: ${error}` };
  let text: string | undefined;
  let where: string;
  if (protocol === 'anthropic') {
    where = 'content[].text';
    text = joinTexts(answer.content, 'text');
    if (answer.stop_reason === 'refusal') return { problem: 'the model refused (stop_reason refusal)' };
  } else if (protocol === 'openai-chat') {
    where = 'choices[0].message.content';
    const choice = Array.isArray(answer.choices) ? (answer.choices[0] as Record<string, unknown> | undefined) : undefined;
    const message = choice?.message as Record<string, unknown> | undefined;
    if (typeof message?.refusal === 'string' && message.refusal !== '') return { problem: `the model refused: ${message.refusal}` };
    const content = message?.content;
    text = typeof content === 'string' ? content : joinTexts(content, 'text');
  } else {
    where = 'output[].content[].text';
    if (answer.status === 'failed') return { problem: `the response failed${error ? `: ${error}` : ''}` };
    text = typeof answer.output_text === 'string' ? answer.output_text : undefined;
    if (text === undefined && Array.isArray(answer.output)) {
      const texts = answer.output.map((item) => {
        const i = item as Record<string, unknown> | null;
        return i?.type === 'message' ? joinTexts(i.content, 'output_text') : undefined;
      });
      text = texts.some((t) => t !== undefined) ? texts.filter((t) => t !== undefined).join('') : undefined;
    }
  }
  if (text === undefined) return { problem: `the answer has no text (expected ${where})` };
  if (text.trim() === '') return { problem: `the answer's text is empty (${where})` };
  return { text };
}

/** The text of blocks of `type` in an array, joined; undefined when there is no such block. */
function joinTexts(blocks: unknown, type: string): string | undefined {
  if (!Array.isArray(blocks)) return undefined;
  let text: string | undefined;
  for (const block of blocks) {
    const b = block as { type?: unknown; text?: unknown } | null;
    if (b !== null && typeof b === 'object' && b.type === type && typeof b.text === 'string') text = (text ?? '') + b.text;
  }
  return text;
}
