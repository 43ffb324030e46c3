import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { findTaskIndex } from './find-task-index';
import { findUserPrompts } from '../text/find-user-prompts';
import { COMPACT_SUMMARY_PREFIX, CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};
const text = fc.constantFrom(
  'fix the build',
  '  ',
  '<system-reminder>be brief</system-reminder>',
  '<system-reminder>x</system-reminder> and fix it',
  `${COMPACT_SUMMARY_PREFIX} that ran out of context.`,
  `${CONTEXT_SUMMARY_MARKER}\nTurns summarized: 3`,
  '[Request interrupted by user]',
);
const message = fc.oneof(
  fc.tuple(fc.constantFrom('user' as const, 'assistant' as const), text).map(([role, t]): Message => ({ role, content: t })),
  fc.array(text, { maxLength: 2 }).map((ts): Message => ({ role: 'user', content: ts.map((t) => ({ type: 'text' as const, text: t })) })),
  fc.constant<Message>({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'fix the build' }] }),
);

describe('findTaskIndex', () => {
  it('finds the task findUserPrompts finds, reading no further than it', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (messages) => {
        expect(findTaskIndex(messages)).toBe(findUserPrompts(messages).task);
      }),
      { numRuns: 500, ...replay },
    );
  });
});
