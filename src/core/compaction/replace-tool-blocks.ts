import type { ContentBlock, Message } from '../types';
import { isThinkingBlock } from '../tokens/is-thinking-block';

/** What to replace in one message: results' content by a text, calls' input by `{}`, thinking blocks removed. */
export interface BlockEdits {
  /** `tool_result` blocks whose content becomes `text`. */
  results?: readonly { block: number; text: string }[];
  /** Indices of `tool_use` blocks whose input becomes `{}`. */
  inputs?: readonly number[];
  /** Remove every `thinking` and `redacted_thinking` block. */
  dropThinking?: boolean;
}

/**
 * A copy of `message` with the edits made, as the peers' context editors make them: a cleared result keeps its
 * `tool_use_id` and `is_error` (the pair and the error flag survive), a cleared call keeps its id and name. The
 * input is untouched; blocks not named are the same objects.
 */
export function replaceToolBlocks(message: Message, edits: BlockEdits): Message {
  const content = message.content;
  if (!Array.isArray(content)) return message;
  const blocks: ContentBlock[] = content.slice();
  for (const { block, text } of edits.results ?? []) blocks[block] = { ...(blocks[block] as ContentBlock), content: text };
  for (const b of edits.inputs ?? []) blocks[b] = { ...(blocks[b] as ContentBlock), input: {} };
  const kept = edits.dropThinking === true ? blocks.filter((block) => !isThinkingBlock(block)) : blocks;
  return { ...message, content: kept };
}
