import { OPENAI_CHAT_FORMAT_ID } from './id';
import { defineFormat } from '../define-format';
import { detectOpenAIChat } from './detect-openai-chat';
import { OPENAI_CHAT_NEAR_MISSES } from './near-misses';
import { parseOpenAIChat } from './parse-openai-chat';
import { serializeOpenAIChat } from './serialize-openai-chat';
import { validateOpenAiChat } from './validate-openai-chat';

/** OpenAI Chat Completions messages: an array, `{ messages }`, or many conversations (tau-bench's `[{ task_id, traj }]`). */
export const openAIChatFormat = defineFormat({
  id: OPENAI_CHAT_FORMAT_ID,
  name: 'OpenAI Chat Completions JSON',
  label: 'OpenAI Chat',
  extensions: ['.json'],
  provider: OPENAI_CHAT_FORMAT_ID,
  api: { label: 'OpenAI Chat Completions', validate: validateOpenAiChat, shape: 'chat-completions' },
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  detect: detectOpenAIChat,
  parse: (source, { fileName, warnings }) => parseOpenAIChat(source.kind === 'document' ? source.value : [], fileName, warnings),
  serialize: serializeOpenAIChat,
  nearMisses: OPENAI_CHAT_NEAR_MISSES,
});
