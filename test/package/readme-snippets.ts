/**
 * The README's library snippets (`<!-- snippet:NAME -->` before a ```ts block) and, per snippet, the code around it
 * in the packed-package test: `before` declares what the snippet takes as given (a model, a history), `after` checks
 * what it did and prints `{ "ok": true, … }` as its last line. Preludes import under other names than the snippets,
 * so a snippet's own imports are what it compiles against.
 */
export function readmeSnippets(readme: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of readme.matchAll(/<!-- snippet:([\w-]+) -->\n```ts\n([\s\S]*?)```/g)) out[match[1] as string] = match[2] as string;
  return out;
}

/** A long agent history in each shape: 40 reads of ~5,000 tokens each, so a 100k bound has to prune. */
const HISTORY = `const ROUNDS = 40;
const big = (i: number) => \`line \${i}: \${'x'.repeat(60)}\\n\`.repeat(300);`;

export const SNIPPET_HARNESS: Record<string, { before: string; after: string }> = {
  'ai-sdk': {
    before: `import * as AI from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z as Z } from 'zod';
${HISTORY}
// ai 7 refuses system messages in messages (they go in instructions): none here.
const messages: AI.ModelMessage[] = [{ role: 'user', content: 'fix the importer' }];
for (let r = 0; r < ROUNDS; r++) {
  messages.push({ role: 'assistant', content: [{ type: 'reasoning', text: 'look' }, { type: 'tool-call', toolCallId: 'h' + r, toolName: 'read', input: { path: r + '.ts' } }] });
  messages.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'h' + r, toolName: 'read', output: { type: 'text', value: big(r) } }] });
}
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const call = (id: string) => ({ content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'read', input: JSON.stringify({ path: id }) }], finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' }, usage, warnings: [] });
const model = new MockLanguageModelV4({ doGenerate: [call('c1'), call('c2'), call('c3'), { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] }] });
const tools = { read: AI.tool({ description: 'read a file', inputSchema: Z.object({ path: Z.string() }), execute: async ({ path }) => big(path.length) }) };`,
    after: `const problems: string[] = [];
for (const { prompt } of model.doGenerateCalls) {
  const open = new Set<string>();
  for (const m of prompt) {
    const parts = Array.isArray(m.content) ? (m.content as { type: string; toolCallId?: string }[]) : [];
    if (m.role === 'tool') { for (const p of parts) if (p.type === 'tool-result' && !open.delete(p.toolCallId!)) problems.push('orphan result ' + p.toolCallId); continue; }
    for (const id of open) problems.push('unanswered ' + id);
    open.clear();
    for (const p of parts) if (p.type === 'tool-call') open.add(p.toolCallId!);
  }
}
const kept = trimmed.filter((m) => messages.includes(m)).length;
console.log(JSON.stringify({ ok: problems.length === 0 && result.text === 'done' && kept > 0 && trimmed.length < messages.length && trimmed.every((m) => m.role !== 'tool' || trimmed.indexOf(m) > 0), problems, steps: result.steps.length, kept, sent: model.doGenerateCalls.map((c) => c.prompt.length) }));`,
  },
  openai: {
    before: `import type * as OC from 'openai/resources/chat/completions';
import type * as OR from 'openai/resources/responses/responses';
import { validateMessages as check } from 'prunescope';
${HISTORY}
const chatMessages: OC.ChatCompletionMessageParam[] = [{ role: 'developer', content: 'Be terse.' }, { role: 'user', content: 'fix the importer' }];
const inputItems: OR.ResponseInputItem[] = [{ role: 'user', content: 'fix the importer' }];
for (let r = 0; r < ROUNDS; r++) {
  chatMessages.push({ role: 'assistant', content: null, tool_calls: [{ id: 'c' + r, type: 'function', function: { name: 'read', arguments: '{}' } }] });
  chatMessages.push({ role: 'tool', tool_call_id: 'c' + r, content: big(r) });
  inputItems.push({ type: 'reasoning', id: 'rs_' + r, summary: [] });
  inputItems.push({ type: 'function_call', call_id: 'c' + r, name: 'read', arguments: '{}' });
  inputItems.push({ type: 'function_call_output', call_id: 'c' + r, output: big(r) });
}`,
    after: `const chatProblems = check(chat as never, 'openai-chat');
const itemProblems = check(input as never, 'openai-responses');
const reasoningOk = input.every((item, i) => item.type !== 'reasoning' || input[i + 1]?.type === 'function_call');
console.log(JSON.stringify({ ok: chatProblems.length === 0 && itemProblems.length === 0 && reasoningOk && chat[0] === chatMessages[0] && chat.length < chatMessages.length && input.length < inputItems.length, chat: chat.length, input: input.length, chatProblems, itemProblems }));`,
  },
  anthropic: {
    before: `import type * as AN from '@anthropic-ai/sdk/resources/messages';
import { validateMessages as check } from 'prunescope';
${HISTORY}
const messages: AN.MessageParam[] = [{ role: 'user', content: 'fix the importer' }];
for (let r = 0; r < ROUNDS; r++) {
  messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: 't' + r, name: 'read', input: {} }] });
  messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't' + r, content: big(r) }] });
  if (r === 20) messages.push({ role: 'system', content: 'From now on, answer in French.' });
}`,
    after: `const problems = check(sent as never, 'anthropic');
console.log(JSON.stringify({ ok: problems.length === 0 && sent.length === messages.length && report.tokens > 0 && report.fates.length === messages.length && sent.includes(messages.find((m) => m.role === 'system')!), over: report.over ?? null, tokens: report.tokens, problems }));`,
  },
  summarizer: {
    before: `import * as PS from 'prunescope';
${HISTORY}
const prompts: string[] = [];
async function callModel(prompt: string, options: { signal?: unknown; maxTokens: number }): Promise<string> {
  prompts.push(prompt);
  return 'summary of ' + prompt.length + ' characters, max ' + options.maxTokens;
}
const history: PS.Message[] = [{ role: 'user', content: 'fix the importer' }];
for (let r = 0; r < ROUNDS * 2; r++) history.push({ role: r % 2 ? 'user' : 'assistant', content: big(r) });
const window = PS.toContextWindow(history, PS.charsTokenCounter);
const sentWindows: PS.Message[][] = [];
const send = (m: PS.Message[]) => sentWindows.push(m);`,
    after: `console.log(JSON.stringify({ ok: result.pruned && prompts.length === 1 && sentWindows.length === 1 && sentWindows[0]!.length < history.length, sent: sentWindows[0]?.length }));`,
  },
};
