/** The OpenAI Chat Completions format's id, on its own so a format that names this API as its provider pulls in no parser. */
export const OPENAI_CHAT_FORMAT_ID = 'openai-chat' as const;
