import { OPENAI_CHAT_FORMAT_ID } from '../openai-chat/id';
import { defineFormat } from '../define-format';
import { detectLangChain } from './detect-langchain';
import { parseLangChain } from './parse-langchain';
import { readLangChainUsage } from './read-langchain-usage';
import { serializeLangChain } from './serialize-langchain';

/**
 * LangChain and LangGraph messages as JSON: Python `messages_to_dict`, JS stored messages, the `lc` constructor form,
 * and LangGraph thread states and snapshots holding them. Each AI message's `usage_metadata` is one request's usage.
 * The requests go to whatever model the app used; they are checked as Chat Completions, the shape LangChain's
 * messages follow (tool calls answered by `tool_call_id`).
 */
export const langChainFormat = defineFormat({
  id: 'langchain',
  name: 'LangChain messages JSON',
  label: 'LangChain messages',
  extensions: ['.json'],
  provider: OPENAI_CHAT_FORMAT_ID,
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  detect: detectLangChain,
  parse: parseLangChain,
  serialize: serializeLangChain,
  recordedUsage: { read: readLangChainUsage, fromText: false },
});
