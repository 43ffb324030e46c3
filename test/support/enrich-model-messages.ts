import type { ModelMessage } from 'ai';

/** Adds what `toModelMessages` does not make: a system message, reasoning before calls, an approval round trip. */
export function enrichModelMessages(messages: ModelMessage[], system: boolean, approvals: boolean): ModelMessage[] {
  const out: ModelMessage[] = system ? [{ role: 'system', content: 'You are terse.' }] : [];
  let k = 0;
  for (const m of messages) {
    if (m.role === 'assistant' && typeof m.content !== 'string' && m.content.some((p) => p.type === 'tool-call')) {
      const content = [{ type: 'reasoning' as const, text: 'think', providerOptions: { anthropic: { signature: 'sig' } } }, ...m.content];
      if (approvals && k % 2 === 0) {
        const call = m.content.find((p) => p.type === 'tool-call');
        if (call?.type === 'tool-call') content.push({ type: 'tool-approval-request', approvalId: `ap${k}`, toolCallId: call.toolCallId } as never);
      }
      out.push({ ...m, content } as ModelMessage);
      k++;
      continue;
    }
    if (m.role === 'tool' && approvals && (k - 1) % 2 === 0) {
      out.push({ ...m, content: [{ type: 'tool-approval-response', approvalId: `ap${k - 1}`, approved: true } as never, ...m.content] });
      continue;
    }
    out.push(m);
  }
  return out;
}
