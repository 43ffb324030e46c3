import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../types';
import { scanMessages } from './scan-messages';
import { toolBlockKind } from './tool-block-kind';
import { messagesWithEveryBlock } from '../../../test/support/all-blocks-arbitrary';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import type { MessageScan } from './scan-messages';

/** The oracle: messages that hold a tool call or result, from the pairs and orphans the scan found (how it was done before). */
function markToolBlocks(scan: MessageScan, count: number): Uint8Array {
  const marked = new Uint8Array(count);
  for (const index of [...scan.useIndex, ...scan.resultIndex, ...scan.orphanIndex]) marked[index] = 1;
  return marked;
}

/** Per message: 1 when `toolBlockKind` calls any of its blocks a call or a result. */
function naiveToolBlock(messages: readonly Message[]): number[] {
  return messages.map((message) =>
    Array.isArray(message.content) && message.content.some((block) => toolBlockKind(block as unknown as Record<string, unknown>) !== undefined) ? 1 : 0,
  );
}

describe('scanMessages toolBlock', () => {
  it('marks exactly the messages holding a call or result, as the pairs and orphans do (every block kind)', () => {
    fc.assert(
      fc.property(fc.oneof(messagesWithEveryBlock(), agentTranscript({ broken: true })), (messages) => {
        const scan = scanMessages(messages);
        expect([...scan.toolBlock]).toEqual(naiveToolBlock(messages));
        expect([...scan.toolBlock]).toEqual([...markToolBlocks(scan, messages.length)]);
      }),
      { numRuns: 500 },
    );
  });
});
