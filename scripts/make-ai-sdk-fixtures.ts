/**
 * Writes the AI SDK fixtures from real runs of the AI SDK (the `ai` devDependency) against its mock model, so the
 * files have exactly the shapes an app persists: `fixtures/ai-sdk-tool-loop.model-messages.json` (the
 * `ModelMessage[]` of two `generateText` tool loops, one ending in a denied tool approval) and
 * `fixtures/ai-sdk-chat.ui-messages.json` (the `UIMessage[]` a `useChat` backend saves in `onFinish`, two turns of
 * `streamText` with `messageMetadata` recording the step usage totals).
 *
 *   npx tsx scripts/make-ai-sdk-fixtures.ts
 *
 * The mock answers are scripted; the tools really run. Ids come from a seeded generator, so the output is the same
 * on every run and the diff of a regeneration shows only what an `ai` upgrade changed.
 */
import { writeFileSync } from 'node:fs';
import { convertToModelMessages, generateText, stepCountIs, streamText, tool, type ModelMessage, type UIMessage } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { z } from 'zod';
import { FILES, sourceOf } from './ai-sdk-fixture-files';

const OUT = new URL('../fixtures/', import.meta.url);

type MockOptions = NonNullable<ConstructorParameters<typeof MockLanguageModelV3>[0]>;
type GenerateResult = Extract<MockOptions['doGenerate'], readonly unknown[]>[number];
type StreamResult = Extract<MockOptions['doStream'], readonly unknown[]>[number];
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

type Usage = { input: number; cacheRead: number; output: number; reasoning?: number };
const usageOf = ({ input, cacheRead, output, reasoning = 0 }: Usage) => ({
  inputTokens: { total: input, noCache: input - cacheRead, cacheRead, cacheWrite: 0 },
  outputTokens: { total: output, text: output - reasoning, reasoning },
});
const finish = (reason: 'tool-calls' | 'stop') => ({ unified: reason, raw: reason === 'stop' ? 'end_turn' : 'tool_use' });
const signature = (n: number) => ({ anthropic: { signature: `ErUBCkYIBxgCKkD${'x'.repeat(8)}${n}` } });

type Step = { reasoning?: string; text?: string; calls?: { id: string; name: string; input: unknown }[]; usage: Usage };

/** One scripted model response, as `doGenerate` returns it. */
function generated(step: Step, n: number): GenerateResult {
  const content: GenerateResult['content'] = [];
  if (step.reasoning !== undefined) content.push({ type: 'reasoning', text: step.reasoning, providerMetadata: signature(n) });
  if (step.text !== undefined) content.push({ type: 'text', text: step.text });
  for (const call of step.calls ?? []) content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.input) });
  return { content, finishReason: finish(step.calls ? 'tool-calls' : 'stop'), usage: usageOf(step.usage), warnings: [] };
}

/** The same response as stream chunks, as `doStream` returns it. */
function streamed(step: Step, n: number): StreamResult {
  const chunks: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.reasoning !== undefined) {
    chunks.push({ type: 'reasoning-start', id: `r${n}` }, { type: 'reasoning-delta', id: `r${n}`, delta: step.reasoning }, { type: 'reasoning-end', id: `r${n}`, providerMetadata: signature(n) });
  }
  if (step.text !== undefined) {
    chunks.push({ type: 'text-start', id: `t${n}` }, { type: 'text-delta', id: `t${n}`, delta: step.text }, { type: 'text-end', id: `t${n}` });
  }
  for (const call of step.calls ?? []) chunks.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.input) });
  chunks.push({ type: 'finish', finishReason: finish(step.calls ? 'tool-calls' : 'stop'), usage: usageOf(step.usage) });
  return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
}

const files = new Map(Object.entries(FILES));
let testRuns = 0;
const tools = {
  listFiles: tool({
    description: 'List the files under a directory of the repository.',
    inputSchema: z.object({ dir: z.string() }),
    execute: async ({ dir }) => [...files.keys()].filter((path) => path.startsWith(`${dir}/`)),
  }),
  readFile: tool({
    description: 'Read a file of the repository.',
    inputSchema: z.object({ path: z.string() }),
    execute: async ({ path }) => {
      const text = files.get(path);
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return text;
    },
  }),
  writeFile: tool({
    description: 'Write a file of the repository.',
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    execute: async ({ path, content }) => {
      files.set(path, content);
      return { path, bytes: content.length };
    },
  }),
  runTests: tool({
    description: 'Run the test suite and return its report.',
    inputSchema: z.object({ filter: z.string().optional() }),
    execute: async () => (testRuns++ === 0 ? sourceOf('failingReport') : sourceOf('passingReport')),
  }),
  deleteFile: tool({
    description: 'Delete a file of the repository.',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => (files.delete(path) ? `deleted ${path}` : `no such file: ${path}`),
  }),
};

const TURN_1: Step[] = [
  {
    reasoning: 'The user says the math tests fail. I should look at the files under src/math first, then read the failing module and its test.',
    text: "I'll start by looking at the math module.",
    calls: [{ id: 'toolu_01LsMath', name: 'listFiles', input: { dir: 'src/math' } }],
    usage: { input: 1412, cacheRead: 0, output: 96, reasoning: 38 },
  },
  {
    calls: [
      { id: 'toolu_01ReadMean', name: 'readFile', input: { path: 'src/math/mean.ts' } },
      { id: 'toolu_01ReadTest', name: 'readFile', input: { path: 'src/math/mean.test.ts' } },
      { id: 'toolu_01ReadMedian', name: 'readFile', input: { path: 'src/math/median.js' } },
    ],
    usage: { input: 1561, cacheRead: 1408, output: 121 },
  },
  {
    reasoning: 'mean() divides by length - 1, so an empty list gives 0 / -1 = -0 where the test expects 0. median.js does not exist (it is median.ts). Run the tests to see the actual failure.',
    calls: [{ id: 'toolu_01Run1', name: 'runTests', input: { filter: 'math' } }],
    usage: { input: 2604, cacheRead: 1557, output: 88, reasoning: 51 },
  },
  {
    text: 'Two failures, both in `mean`: it divides by `length - 1` and does not handle an empty list. Fixing it.',
    calls: [{ id: 'toolu_01Write', name: 'writeFile', input: { path: 'src/math/mean.ts', content: sourceOf('fixedMean') } }],
    usage: { input: 3198, cacheRead: 2600, output: 164 },
  },
  { calls: [{ id: 'toolu_01Run2', name: 'runTests', input: { filter: 'math' } }], usage: { input: 3402, cacheRead: 3194, output: 41 } },
  {
    text: 'Fixed: `mean` divided the sum by `values.length - 1` and gave `-0` for an empty list. It now divides by `values.length` and returns 0 for `[]`. All 6 math tests pass.',
    usage: { input: 3690, cacheRead: 3398, output: 63 },
  },
];

const TURN_2: Step[] = [
  {
    text: 'I can delete the backup file for you.',
    calls: [{ id: 'toolu_01Delete', name: 'deleteFile', input: { path: 'src/math/mean.ts.bak' } }],
    usage: { input: 3790, cacheRead: 3686, output: 52 },
  },
  { text: "Understood, I won't delete `src/math/mean.ts.bak`; it stays where it is.", usage: { input: 3902, cacheRead: 3786, output: 24 } },
];

const SYSTEM = 'You are a careful coding agent working in a TypeScript repository. Use the tools to inspect and change files; run the tests before you say something is fixed.';

// The SDK's ids (approval ids) are random: a counter keeps the fixtures the same on every run.
let nextId = 0;
const _internal = { generateId: () => `aitxt-${String(++nextId).padStart(4, '0')}` };

async function modelMessages(): Promise<ModelMessage[]> {
  const model = new MockLanguageModelV3({ modelId: 'claude-sonnet-4-5', doGenerate: [...TURN_1, ...TURN_2].map(generated) });
  const history: ModelMessage[] = [{ role: 'user', content: 'The tests in src/math fail. Find out why and fix it.' }];
  const first = await generateText({ model, tools, system: SYSTEM, messages: history, stopWhen: stepCountIs(10), _internal });
  history.push(...first.response.messages, { role: 'user', content: 'Thanks! Also delete the old backup, src/math/mean.ts.bak.' });
  const second = await generateText({ model, tools, system: SYSTEM, messages: history, stopWhen: stepCountIs(10), _internal });
  history.push(...second.response.messages);
  // The app asked the user, who said no: the denial goes back as a tool message, and the loop runs on.
  const request = second.content.find((part) => part.type === 'tool-approval-request');
  if (request === undefined) throw new Error('no approval request');
  history.push({ role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: false, reason: 'Keep the backup for now.' }] });
  const third = await generateText({ model, tools, system: SYSTEM, messages: history, stopWhen: stepCountIs(10), _internal });
  history.push(...third.response.messages);
  return history;
}

async function uiMessages(): Promise<UIMessage[]> {
  testRuns = 0;
  files.clear();
  for (const [path, text] of Object.entries(FILES)) files.set(path, text);
  const model = new MockLanguageModelV3({ modelId: 'claude-sonnet-4-5', doStream: TURN_1.map(streamed) });
  let ids = 0;
  const generateId = () => `msg-${String(++ids).padStart(4, '0')}`;
  const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

  async function turn(messages: UIMessage[]): Promise<UIMessage[]> {
    const result = streamText({ model, tools, system: SYSTEM, messages: await convertToModelMessages(messages), stopWhen: stepCountIs(10), _internal: { generateId: _internal.generateId } });
    let saved: UIMessage[] | undefined;
    const stream = result.toUIMessageStream({
      originalMessages: messages,
      generateMessageId: generateId,
      messageMetadata: ({ part }) => (part.type === 'finish' ? { model: 'claude-sonnet-4-5', totalUsage: part.totalUsage } : undefined),
      onFinish: ({ messages: all }) => {
        saved = all;
      },
    });
    for await (const chunk of stream) void chunk;
    if (saved === undefined) throw new Error('onFinish did not run');
    return saved;
  }

  const afterFirst = await turn([user('user-0001', 'The tests in src/math fail. Find out why and fix it.')]);
  const second = new MockLanguageModelV3({
    modelId: 'claude-sonnet-4-5',
    doStream: [
      streamed({ calls: [{ id: 'toolu_01Median', name: 'readFile', input: { path: 'src/math/median.ts' } }], usage: { input: 3801, cacheRead: 3686, output: 40 } }, 9),
      streamed({ text: '`median` sorts a copy and averages the two middle values for an even count, so it was never affected by the bug.', usage: { input: 4120, cacheRead: 3797, output: 37 } }, 10),
    ],
  });
  model.doStream = second.doStream.bind(second);
  return turn([...afterFirst, user('user-0002', 'Does median have the same bug?')]);
}

writeFileSync(new URL('ai-sdk-tool-loop.model-messages.json', OUT), `${JSON.stringify(await modelMessages(), null, 2)}\n`);
// useChat backends usually save the list as one JSON value, without indentation.
writeFileSync(new URL('ai-sdk-chat.ui-messages.json', OUT), JSON.stringify(await uiMessages()));
console.log('wrote fixtures/ai-sdk-tool-loop.model-messages.json and fixtures/ai-sdk-chat.ui-messages.json');
