/** Properties of repairConversation on generated conversations with compaction boundaries at random places. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../formats/types';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { repairConversation } from './repair-conversation';

const conversationArb = agentTranscript().chain((messages) =>
  fc
    .uniqueArray(fc.nat({ max: Math.max(0, messages.length - 1) }), { maxLength: messages.length === 0 ? 0 : 3 })
    .map((at): Conversation => {
      const conversation: Conversation = {
        id: 'c',
        title: 't',
        format: 'anthropic',
        messages,
        sources: messages.map((m) => [m]),
        sourceLines: messages.map((_, i) => [i + 1]),
      };
      const boundaries = [...at].sort((a, b) => a - b).map((messageIndex) => ({ messageIndex, kind: 'compact-boundary' as const }));
      if (boundaries.length > 0) conversation.boundaries = boundaries;
      return conversation;
    }),
);

describe('repairConversation properties', () => {
  it('keeps every per-message array aligned, records in order, and boundaries on surviving messages, in order', () => {
    fc.assert(
      fc.property(conversationArb, fc.constantFrom<'remove' | 'answer'>('remove', 'answer'), (conversation, unansweredCalls) => {
        const before = structuredClone(conversation);
        const { conversation: out } = repairConversation(conversation, { unansweredCalls });
        expect(conversation).toEqual(before);
        expect(out.sources).toHaveLength(out.messages.length);
        expect(out.sourceLines).toHaveLength(out.messages.length);
        if (out.annotations) expect(out.annotations).toHaveLength(out.messages.length);
        const lines = (out.sourceLines ?? []).flat();
        expect(lines).toEqual([...lines].sort((a, b) => a - b));
        expect(new Set(lines).size).toBe(lines.length);
        const at = (out.boundaries ?? []).map((b) => b.messageIndex);
        for (const k of at) expect(k >= 0 && k < out.messages.length).toBe(true);
        for (let i = 1; i < at.length; i++) expect(at[i]).toBeGreaterThanOrEqual(at[i - 1] as number);
        // A boundary's message, when it survives, is not merged into the message before it.
        for (const b of conversation.boundaries ?? []) {
          const k = out.sourceLines?.findIndex((l) => l.includes(b.messageIndex + 1)) ?? -1;
          if (k !== -1) expect(out.sourceLines?.[k]?.[0]).toBe(b.messageIndex + 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(conversationArb, fc.constantFrom<'remove' | 'answer'>('remove', 'answer'), (conversation, unansweredCalls) => {
        const once = repairConversation(conversation, { unansweredCalls }).conversation;
        const twice = repairConversation(once, { unansweredCalls });
        expect(twice.changes).toEqual([]);
        expect(twice.conversation).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});
