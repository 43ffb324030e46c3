import type { ContentBlock } from '../types';
import { pushItemBlocks } from './push-item-blocks';

/**
 * The canonical blocks standing for one Responses input item, for planning and counting (see `pushItemBlocks`): a
 * call is a `tool_use` of its `call_id`, its output a `tool_result` of the same id, reasoning `thinking`, a message
 * its text and images, anything unknown itself.
 */
export function itemBlocks(item: unknown): ContentBlock[] {
  const out: ContentBlock[] = [];
  pushItemBlocks(item, out);
  return out;
}
