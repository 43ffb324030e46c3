import type { Message, ToolLinks } from '../types';
import { scanMessages } from './scan-messages';
import { toolLinksFromScan } from './tool-links-from-scan';

/**
 * Pairs every tool call with its result by position, the way a real transcript has to be read.
 *
 * A result answers the nearest preceding unanswered call with its id. A global id → call map is not enough:
 * benchmark logs (tau-bench) reuse ids within one conversation, and a map would pair a late result with an
 * early call. Roles are not checked, so a server tool's result in the same assistant message pairs too.
 *
 * Blocks that find no partner (a call never answered, a result that answers nothing, a result placed before
 * its call) are returned as orphans, in input order. Pairs come in the order of their results.
 */
export function linkToolCalls(messages: readonly Message[]): ToolLinks {
  return toolLinksFromScan(scanMessages(messages), messages);
}
