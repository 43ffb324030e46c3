/**
 * `pruneModelMessages` laws over generated agent transcripts in AI SDK shape (tool-call / tool-result parts, tool
 * messages, reasoning, approval requests and responses, system messages), for every registered strategy and bound:
 * see `checkAdapterLaws`. The API rules are those of every provider the AI SDK converts to: the Anthropic rules on
 * the view (tool messages merged into the user turn) and the OpenAI Chat rule that a call's tool message follows it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import type { Message } from '../../types';
import { pruneModelMessages } from './prune-model-messages';
import { modelMessageView } from './model-message-view';
import { validateMessages } from '../../formats/validate-messages';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { validAgentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { checkAdapterLaws, type AdapterPrune } from '../../../../test/support/adapter-laws';
import { toModelMessages } from '../../../../bench/peer-shapes';
import { enrichModelMessages as enrich } from '../../../../test/support/enrich-model-messages';

/** The AI SDK's rules as its providers would apply them: Anthropic's on the view, and "results right after the call". */
function problems(messages: readonly ModelMessage[]): string[] {
  const view = modelMessageView(messages, 'test').messages;
  const out = validateMessages(view, 'anthropic').map((p) => `${p.rule}: ${p.message.replace(/^messages\.\d+(\.content\.\d+)?: /, '')}`);
  // Chat: a call's tool message must follow its assistant message before any user or assistant message.
  const open = new Set<string>();
  for (const m of messages) {
    const parts = typeof m.content === 'string' ? [] : (m.content as { type: string; toolCallId?: string; providerExecuted?: boolean }[]);
    if (m.role === 'tool') {
      for (const p of parts) if (p.type === 'tool-result') open.delete(p.toolCallId as string);
      continue;
    }
    if (m.role === 'system') continue;
    for (const id of open) out.push(`chat: call ${id} unanswered before a ${m.role} message`);
    open.clear();
    if (m.role === 'assistant') for (const p of parts) if (p.type === 'tool-call' && p.providerExecuted !== true) open.add(p.toolCallId as string);
  }
  return out;
}

const cases = fc
  .tuple(validAgentTranscript({ maxEpisodes: 14 }), fc.boolean(), fc.boolean())
  .chain(([canonical, system, approvals]) => {
    const messages = enrich(toModelMessages(canonical), system, approvals);
    const total = analyzeTranscript(canonical as Message[]).tokens.reduce((a, b) => a + b, 0);
    return fc.tuple(fc.constant(messages), strategyConfig(messages.length, total));
  });

describe('pruneModelMessages laws over AI SDK ModelMessage[]', () => {
  it('no new problem of any provider rule, no mutation, deterministic, order and identity, bounds (600 cases)', () => {
    fc.assert(
      fc.property(cases, ([messages, config]) => {
        checkAdapterLaws(messages, pruneModelMessages as AdapterPrune<ModelMessage>, config, problems);
      }),
      { numRuns: 600 },
    );
  });

  it('a system message is sent where it stands, and an approval is never parted from its request', () => {
    fc.assert(
      fc.property(cases, ([messages, config]) => {
        const out = pruneModelMessages(messages, config);
        for (const m of messages) if (m.role === 'system') expect(out).toContain(m);
        const ids = (role: string, type: string) =>
          out.flatMap((m) => (m.role === role && typeof m.content !== 'string' ? (m.content as { type: string; approvalId?: string }[]) : []).filter((p) => p.type === type).map((p) => p.approvalId));
        const requests = new Set(ids('assistant', 'tool-approval-request'));
        for (const id of ids('tool', 'tool-approval-response')) expect(requests.has(id)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a test that cannot fail is a defect: the checks catch a cut between a call and its result', () => {
    const messages = toModelMessages([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'ls', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'a' }] },
    ]);
    expect(problems(messages.slice(0, 2)).length).toBeGreaterThan(0);
    expect(problems(messages.slice(2)).length).toBeGreaterThan(0);
  });
});
