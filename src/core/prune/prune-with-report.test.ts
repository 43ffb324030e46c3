import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { pruneWithReport } from './prune-with-report';
import { pruneMessages } from './prune-messages';
import { FATE } from '../plan/fate';
import { REASON } from '../plan/reason';
import { analyzeTranscript } from '../plan/analyze-transcript';

const big = 'x'.repeat(4000);
function session(rounds: number): Message[] {
  const out: Message[] = [{ role: 'user', content: 'fix the build' }];
  for (let r = 0; r < rounds; r++) {
    out.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${r}`, name: 'Bash', input: { command: 'make' } }] });
    out.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${r}`, content: big }] });
  }
  return out;
}
const sum = (messages: readonly Message[]) => analyzeTranscript(messages).tokens.reduce((a, b) => a + b, 0);

describe('pruneWithReport', () => {
  it('says when a bound was not met: masking cannot bring 10 results under 200 tokens', () => {
    const messages = session(10);
    const report = pruneWithReport(messages, { strategy: 'observation-masking', maxTokens: 200 });
    expect(report.over?.unit).toBe('tokens');
    expect(report.over?.by).toBe(report.tokens - 200);
    expect(report.tokens).toBe(sum(report.messages));
    expect(report.messages).toEqual(pruneMessages(messages, { strategy: 'observation-masking', maxTokens: 200 }));
  });

  it("reports whole tokens when a counter makes a placeholder's share a fraction (a trial read tokens 146625.348…)", () => {
    const messages = session(10);
    // A counter whose counts are not whole: a masked result's placeholder is priced as a share of its message.
    const counter = { encoding: 'chars' as const, count: (text: string) => text.length / 3.7 };
    const met = pruneWithReport(messages, { strategy: 'observation-masking', maxTokens: 20_000, tokenCounter: counter });
    expect(met.over).toBeUndefined();
    expect(Number.isInteger(met.tokens)).toBe(true);
    const over = pruneWithReport(messages, { strategy: 'observation-masking', maxTokens: 200, tokenCounter: counter });
    expect(Number.isInteger(over.tokens)).toBe(true);
    expect(Number.isInteger(over.over?.by)).toBe(true);
    expect(over.over?.by).toBeGreaterThan(0);
  });

  it('gives a fate and a reason per input message, and no over when the bound is met', () => {
    const messages = session(6);
    const report = pruneWithReport(messages, { strategy: 'sliding-window', maxTurns: 4 });
    expect(report.over).toBeUndefined();
    expect(report.fates.length).toBe(messages.length);
    expect(report.messages).toEqual(messages.slice(-4));
    expect(report.messages[0]).toBe(messages[messages.length - 4]);
    expect([...report.fates].filter((f) => f === FATE.kept).length).toBe(4);
    expect(report.reasons.length).toBe(messages.length);
  });

  it('keeps an Anthropic SDK mid-conversation system message with the turns around it, and counts its tokens', () => {
    const system = { role: 'system' as const, content: 'from now on, answer in French' };
    const messages = [...session(3).slice(0, 3), system, ...session(3).slice(3)];
    const report = pruneWithReport(messages, { strategy: 'sliding-window', maxTurns: 100 });
    expect(report.messages).toEqual(messages);
    expect(report.reasons[3]).toBe(REASON.systemMessage);
    const cut = pruneWithReport(messages, { strategy: 'sliding-window', maxTurns: 2 });
    expect(cut.messages).not.toContain(system);
    expect(cut.messages[0]?.role).not.toBe('system');
    expect(cut.fates[3]).toBe(FATE.dropped);
  });

  it('pins the turns around a system message that changes the tools', () => {
    const system = { role: 'system' as const, content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'grep' } }] };
    const messages = [...session(4).slice(0, 3), system, ...session(4).slice(3)];
    const out = pruneMessages(messages as unknown as Message[], { strategy: 'importance', maxTurns: 3 });
    expect(out).toContain(system);
    expect(out.indexOf(system as unknown as Message)).toBeGreaterThan(0);
  });
});
