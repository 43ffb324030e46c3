/**
 * `pruneChatMessages` laws over generated agent transcripts as OpenAI Chat Completions messages (`tool_calls`,
 * `tool` messages, parallel calls, a system message first and developer messages between turns), for every
 * registered strategy and bound: see `checkAdapterLaws`. The API rules are `validateMessages(x, 'openai-chat')` on
 * the real array.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneChatMessages } from './prune-chat-messages';
import type { ChatMessageLike } from './chat-message-like';
import { validateMessages } from '../../formats/validate-messages';
import { toOpenAIChatMessages } from '../../formats/openai-chat/to-openai-chat-messages';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { validAgentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { checkAdapterLaws, type AdapterPrune } from '../../../../test/support/adapter-laws';

const problems = (messages: readonly ChatMessageLike[]) =>
  validateMessages(messages as unknown as Message[], 'openai-chat').map((p) => `${p.rule}: ${p.message.replace(/^messages\.\d+: /, '')}`);

const cases = fc
  .tuple(validAgentTranscript({ maxEpisodes: 14 }), fc.boolean(), fc.nat(40))
  .chain(([canonical, system, developerAt]) => {
    const messages = toOpenAIChatMessages(canonical, system ? 'You are terse.' : undefined).messages as ChatMessageLike[];
    // A developer message goes before a user text message (never between a call and its tool messages).
    const at = messages.findIndex((m, i) => i >= developerAt % (messages.length + 1) && m.role === 'user');
    if (at >= 0) messages.splice(at, 0, { role: 'developer', content: 'Prefer grep.' });
    const total = analyzeTranscript(canonical).tokens.reduce((a, b) => a + b, 0);
    return fc.tuple(fc.constant(messages), strategyConfig(messages.length, total));
  });

describe('pruneChatMessages laws over ChatCompletionMessageParam[]', () => {
  it('no new Chat problem, no mutation, deterministic, order and identity, bounds (600 cases)', () => {
    fc.assert(
      fc.property(cases, ([messages, config]) => {
        checkAdapterLaws(messages, pruneChatMessages as AdapterPrune<ChatMessageLike>, config, problems);
        const out = pruneChatMessages(messages, config);
        for (const m of messages) if (m.role === 'system' || m.role === 'developer') expect(out).toContain(m);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps a legacy function_call with its function message, and an orphan tool message first is reported', () => {
    const messages: ChatMessageLike[] = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, function_call: { name: 'weather', arguments: '{}' } } as ChatMessageLike,
      { role: 'function', name: 'weather', content: 'sunny' } as ChatMessageLike,
      { role: 'user', content: 'thanks' },
    ];
    expect(pruneChatMessages(messages, { strategy: 'sliding-window', maxTurns: 2 })).toEqual(messages.slice(1));
    expect(problems([{ role: 'tool', tool_call_id: 'x', content: 'y' } as ChatMessageLike]).length).toBe(1);
  });
});
