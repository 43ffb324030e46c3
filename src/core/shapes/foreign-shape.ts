/**
 * What a message or item from another API's SDK looks like, and which prunescope entry point takes it. Read by the
 * checks every entry point runs on its input, so a foreign array fails loudly with the way out, instead of being
 * pruned as if its calls were plain text (which orphans them).
 */
export interface ForeignShape {
  /** The ecosystem the evidence belongs to. */
  ecosystem: 'anthropic-messages' | 'model-messages' | 'chat-completions' | 'responses-input';
  /** What gave it away, as a phrase: "role 'tool' with a 'tool-result' part". */
  evidence: string;
}

/** The entry point to use for each ecosystem's messages, as the errors name it. */
export const ENTRY_POINT: Readonly<Record<ForeignShape['ecosystem'], string>> = {
  'anthropic-messages': "pruneMessages from 'prunescope' (Anthropic Messages shape, @anthropic-ai/sdk MessageParam)",
  'model-messages': "pruneModelMessages from 'prunescope/ai-sdk' (AI SDK ModelMessage)",
  'chat-completions': "pruneChatMessages from 'prunescope/openai' (OpenAI Chat Completions messages)",
  'responses-input': "pruneResponsesInput from 'prunescope/openai' (OpenAI Responses input items)",
};

/** The ecosystem's name, for the errors: "an AI SDK ModelMessage". */
export const SHAPE_NAME: Readonly<Record<ForeignShape['ecosystem'], string>> = {
  'anthropic-messages': 'an Anthropic Messages message',
  'model-messages': 'an AI SDK ModelMessage',
  'chat-completions': 'an OpenAI Chat Completions message',
  'responses-input': 'an OpenAI Responses input item',
};
