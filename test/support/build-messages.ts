import type { ContentBlock, Message } from '../../src/core/types';

// Small constructors so scenarios read like the seeds' prose.
export const user = (text: string): Message => ({ role: 'user', content: text });
export const assistant = (text: string): Message => ({ role: 'assistant', content: text });

export const toolUse = (id: string, name = 'Read', input: unknown = { path: `/${id}` }): ContentBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const toolResult = (id: string, content = `result of ${id}`, isError = false): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...(isError ? { is_error: true } : {}),
});

export const callTurn = (...ids: string[]): Message => ({ role: 'assistant', content: ids.map((id) => toolUse(id)) });
export const resultTurn = (...ids: string[]): Message => ({ role: 'user', content: ids.map((id) => toolResult(id)) });

/** `count` messages alternating user/assistant, texts `m0`, `m1`, … */
export const chat = (count: number): Message[] =>
  Array.from({ length: count }, (_, i) => (i % 2 === 0 ? user(`m${i}`) : assistant(`m${i}`)));
