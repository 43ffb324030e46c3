import type { Message } from '../types';
import type { MessageScan } from './scan-messages';
import { BLOCK_BITS } from './scan-messages';
import { blockTextLength } from '../text/block-text-length';

/** Every client `tool_result` block of a transcript, in order, with what masking needs to know of it. */
export interface ToolResultTable {
  count: number;
  /** Per result: the message and block holding it. */
  message: Int32Array;
  block: Int32Array;
  /** Per result: the characters of its content (`blockTextLength`). */
  chars: Float64Array;
  /** Per result: the name of the tool it answers ('' for an orphan). */
  toolName: string[];
  /** Per result: the message and block of its call (-1 for an orphan). */
  callMessage: Int32Array;
  callBlock: Int32Array;
}

/** What the table is read from: a transcript's messages and their scan (a `TranscriptAnalysis` is one). */
export interface ScannedMessages {
  messages: readonly Message[];
  scan: MessageScan;
}

const cache = new WeakMap<ScannedMessages, ToolResultTable>();

/**
 * The transcript's tool results, found once per analysis and cached: only observation masking needs them, so the
 * analysis does not pay for them up front. Server tool results (`web_search_tool_result`, …) are not listed: they
 * sit in the assistant's own turn and no agent clears them.
 */
export function listToolResults(analysis: ScannedMessages): ToolResultTable {
  const known = cache.get(analysis);
  if (known) return known;
  const { messages, scan } = analysis;
  const callOf = new Map<number, number>();
  for (let k = 0; k < scan.pairs; k++) {
    const blocks = scan.pairBlocks[k] as number;
    const useBlock = Math.floor(blocks / BLOCK_BITS);
    const resultBlock = blocks - useBlock * BLOCK_BITS;
    callOf.set((scan.resultIndex[k] as number) * BLOCK_BITS + resultBlock, (scan.useIndex[k] as number) * BLOCK_BITS + useBlock);
  }
  const message: number[] = [];
  const block: number[] = [];
  const chars: number[] = [];
  const toolName: string[] = [];
  const callMessage: number[] = [];
  const callBlock: number[] = [];
  for (let m = 0; m < messages.length; m++) {
    const content = (messages[m] as Message).content;
    if (!Array.isArray(content)) continue;
    for (let b = 0; b < content.length; b++) {
      const item = content[b] as { type?: unknown; tool_use_id?: unknown } | null;
      if (item === null || typeof item !== 'object' || item.type !== 'tool_result' || typeof item.tool_use_id !== 'string') continue;
      message.push(m);
      block.push(b);
      chars.push(blockTextLength(item));
      const call = callOf.get(m * BLOCK_BITS + b);
      if (call === undefined) {
        toolName.push('');
        callMessage.push(-1);
        callBlock.push(-1);
        continue;
      }
      const cm = Math.floor(call / BLOCK_BITS);
      const cb = call - cm * BLOCK_BITS;
      const use = ((messages[cm] as Message).content as unknown[])[cb] as { name?: unknown };
      toolName.push(typeof use.name === 'string' ? use.name : '');
      callMessage.push(cm);
      callBlock.push(cb);
    }
  }
  const table: ToolResultTable = {
    count: message.length,
    message: Int32Array.from(message),
    block: Int32Array.from(block),
    chars: Float64Array.from(chars),
    toolName,
    callMessage: Int32Array.from(callMessage),
    callBlock: Int32Array.from(callBlock),
  };
  cache.set(analysis, table);
  return table;
}
