/**
 * The golden cases of what the Python port gained with issue 23, written beside `prune-golden.json.gz` by
 * `npm run golden:python`: the core's answers on OpenAI Chat messages (read as `parseOpenAIChat` reads them, the
 * kept messages mapped back to the records they came from), under token bounds (the characters ÷ 4 estimate), with
 * observation masking, from `validateMessages` for each API, and from seed 003's `ContextPruner`. The Python tests
 * (tests/test_parity_ports.py) hold the port to them exactly; `python-golden.test.ts` checks the file is current.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Message, StrategyId } from '../src/core';
import { ContextPruner, charsTokenCounter, pruneMessages, validateMessages } from '../src/core';
import type { ContextPrunerConfig, ConversationTurn } from '../src/core/context-pruner/types';
import { parseOpenAIChat } from '../src/core/formats/openai-chat/parse-openai-chat';
import { toOpenAIChatMessages } from '../src/core/formats/openai-chat/to-openai-chat-messages';
import { contentText } from '../src/core/text/content-text';
import { messageTextLength } from '../src/core/text/message-text-length';
import { estimateTokens } from '../src/core/tokens/estimate-tokens';
import { agentTranscript } from '../test/support/agent-transcript-arbitrary';
import { jsonTranscript } from '../test/support/json-transcript-arbitrary';
import { repairTranscript } from '../test/support/repair-transcript-arbitrary';
import { encodeOutput, trimStrings, withBaseSize } from './build-python-golden';

export const PORTS_GOLDEN_PATH = 'python/tests/golden/ports-golden.json.gz';

const STRATEGIES: readonly StrategyId[] = ['sliding-window', 'summarize', 'importance'];
const APIS = ['anthropic', 'openai-chat', 'openai-responses'] as const;
const SEED = 23;

type Bound = { maxTurns?: number; maxTokens?: number };
/** A pruned Chat conversation: the indices of the records kept, and the summary's content where one was put. */
type ChatOutput = (number | { summary: string })[];

export interface PortsGolden {
  about: string;
  chat: { name: string; records: unknown[]; bounds: Bound[]; outputs: Record<string, ChatOutput[]> }[];
  tokens: { name: string; messages: unknown[]; estimates: number[]; bounds: Bound[]; outputs: Record<string, number[][]> }[];
  masking: { name: string; messages: unknown[]; configs: Record<string, unknown>[]; outputs: unknown[][] }[];
  validator: { name: string; messages: unknown[]; problems: Record<string, unknown> }[];
  contextPruner: { name: string; window: unknown; runs: { config: Record<string, unknown>; summary: 'ids' | 'long'; result: unknown }[] }[];
  /** Each seed strategy with `pinned`, under message and token bounds: per output message its input index, or the summary's content. */
  pins: { name: string; messages: unknown[]; bounds: (Bound & { pinned: number[] })[]; outputs: Record<string, (number | { summary: string })[][]> }[];
}

const clone = <T>(value: T): T => trimStrings(JSON.parse(JSON.stringify(value))) as T;

function chatCase(name: string, records: Record<string, unknown>[]): PortsGolden['chat'][number] {
  const [conversation] = parseOpenAIChat(records, name, []);
  if (conversation === undefined) throw new Error(`${name}: no conversation`);
  const { messages, sources } = conversation;
  const system = (conversation.systemSources ?? []).map((record) => records.indexOf(record as Record<string, unknown>));
  const n = messages.length;
  let total = 0;
  for (const message of messages) total += estimateTokens(messageTextLength(message));
  const bounds: Bound[] = [...new Set([0, 1, 2, 3, Math.floor(n / 3), Math.floor(n / 2), n - 1, n])].filter((b) => b >= 0).map((maxTurns) => ({ maxTurns }));
  for (const share of [0, 0.3, 0.7]) bounds.push({ maxTokens: Math.floor(total * share) });
  const outputs: Record<string, ChatOutput[]> = {};
  for (const strategy of STRATEGIES) {
    outputs[strategy] = bounds.map((bound) => {
      const kept = pruneMessages(messages, { strategy, ...bound });
      const out: ChatOutput = [...system];
      for (const message of kept) {
        const k = messages.indexOf(message);
        if (k < 0) out.push({ summary: message.content as string });
        else for (const record of sources[k] ?? []) out.push(records.indexOf(record as Record<string, unknown>));
      }
      return out;
    });
  }
  return { name, records, bounds, outputs };
}

function tokenCase(name: string, messages: Message[]): PortsGolden['tokens'][number] {
  const estimates = messages.map((message) => estimateTokens(messageTextLength(message)));
  const total = estimates.reduce((a, b) => a + b, 0);
  const n = messages.length;
  const bounds: Bound[] = [0, 1, 0.05, 0.2, 0.5, 0.8, 0.99].map((share) => ({ maxTokens: share < 1 && share > 0 ? Math.floor(total * share) : share }));
  bounds.push({ maxTokens: total }, { maxTokens: Math.max(0, total - 1) }, { maxTokens: total / 3 + 0.5 }, { maxTokens: Math.floor(total / 2), maxTurns: Math.ceil(n / 2) });
  const outputs: Record<string, number[][]> = {};
  for (const strategy of STRATEGIES) {
    outputs[strategy] = bounds.map((bound) => encodeOutput(messages, pruneMessages(messages, { strategy, ...bound })));
  }
  return { name, messages, estimates, bounds, outputs };
}

function pinsCase(name: string, messages: Message[]): PortsGolden['pins'][number] {
  let total = 0;
  for (const message of messages) total += estimateTokens(messageTextLength(message));
  const n = messages.length;
  const half = Math.floor(n / 2);
  const third = Math.floor(n / 3);
  const bounds: PortsGolden['pins'][number]['bounds'] = [
    { maxTurns: 1, pinned: [0] },
    { maxTurns: third, pinned: [1, half] },
    { maxTurns: half, pinned: [0, third, n - 2] },
    { maxTurns: 2, pinned: [n - 1, n + 3, -1] },
    { maxTokens: Math.floor(total * 0.2), pinned: [0] },
    { maxTokens: Math.floor(total * 0.5), pinned: [2, third] },
    { maxTokens: 0, pinned: [half] },
    { maxTokens: Math.floor(total / 3), maxTurns: Math.ceil(n / 4), pinned: [0, 1, half] },
  ];
  const outputs: PortsGolden['pins'][number]['outputs'] = {};
  for (const strategy of STRATEGIES) {
    outputs[strategy] = bounds.map((bound) =>
      pruneMessages(messages, { strategy, ...bound }).map((message) => {
        const i = messages.indexOf(message);
        return i >= 0 ? i : { summary: message.content as string };
      }),
    );
  }
  return { name, messages, bounds, outputs };
}

function maskingCase(name: string, messages: Message[]): PortsGolden['masking'][number] {
  let total = 0;
  for (const message of messages) total += estimateTokens(messageTextLength(message));
  const firstTool = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).find((b) => b.type === 'tool_use') as { name?: string } | undefined;
  const configs: Record<string, unknown>[] = [
    {},
    { keepRecent: 0, minTokens: 0 },
    { keepRecent: 1, minTokens: 0, clearToolInputs: true },
    { keepRecent: 2, minTokens: 10, maxTokens: Math.floor(total / 2) },
    { keepRecent: 0, minTokens: 0, maxTokens: Math.floor(total * 0.9), clearToolInputs: true },
    { keepRecent: 0, minTokens: 0, excludeTools: firstTool?.name ? [firstTool.name] : [], pinned: [1, 4] },
  ];
  const outputs = configs.map((config) => {
    const masked = pruneMessages(messages, { strategy: 'observation-masking', ...config } as Parameters<typeof pruneMessages>[1]);
    return masked.map((message, i) => (message === messages[i] ? i : message));
  });
  return { name, messages, configs, outputs };
}

function validatorCase(name: string, messages: Message[]): PortsGolden['validator'][number] {
  const problems: Record<string, unknown> = {};
  for (const api of APIS) {
    try {
      problems[api] = validateMessages(messages, api);
    } catch (error) {
      problems[api] = { error: (error as Error).name };
    }
  }
  return { name, messages, problems };
}

async function contextPrunerCase(name: string, messages: Message[], k: number): Promise<PortsGolden['contextPruner'][number]> {
  const turns: ConversationTurn[] = messages.map((message, i) => ({
    id: `t${i}`,
    role: message.role,
    content: message.content,
    timestamp: i,
    pinned: k % 3 === 0 && i % 7 === 3,
    tokenEstimate: charsTokenCounter.count(contentText(message.content)),
  }));
  const sum = turns.reduce((a, t) => a + t.tokenEstimate, 0);
  const totalTokenEstimate = sum + (k % 2 === 0 ? 0 : 100);
  const window = { turns, totalTokenEstimate };
  const t = totalTokenEstimate;
  const configs: ContextPrunerConfig[] = [
    { softLimitTokens: Math.floor(t / 2), hardLimitTokens: t * 2 },
    { softLimitTokens: Math.floor(t / 2), hardLimitTokens: Math.floor(t * 0.8) },
    { softLimitTokens: Math.floor(t / 10), hardLimitTokens: Math.floor(t / 5), recentTailTurns: 1, pinnedPrefixTurns: 0 },
    { softLimitTokens: Math.floor(t / 3), hardLimitTokens: t, pinnedPrefixTurns: 3, recentTailTurns: 2, pinTask: true },
    { softLimitTokens: t, hardLimitTokens: t },
    {},
  ];
  const runs: PortsGolden['contextPruner'][number]['runs'] = [];
  for (const config of configs) {
    for (const summary of ['ids', 'long'] as const) {
      const summarizer = {
        summarize: async (given: readonly ConversationTurn[]) => (summary === 'ids' ? given.map((turn) => turn.id).join(',') : 'x'.repeat(4 * t + 8)),
      };
      const result = await new ContextPruner(summarizer, { ...config, now: () => 0 }).prune(window, 'task');
      runs.push({ config: { ...config }, summary, result: { ...result, window: result.window === window ? 'same' : result.window } });
    }
  }
  return { name, window, runs };
}

function fixtureMessages(root: string): { name: string; messages: Message[] }[] {
  const dir = path.join(root, 'fixtures');
  return ['spotter-session.messages.json', 'pause-turn-web-search.messages.json'].map((file) => ({
    name: `fixtures/${file}`,
    messages: clone(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Message[]),
  }));
}

/** Builds the cases; deterministic, so the same tree gives the same JSON. */
export async function buildPortsGolden(root: string): Promise<PortsGolden> {
  const tau = JSON.parse(readFileSync(path.join(root, 'fixtures/tau-bench-gpt-4o-airline.json'), 'utf8')) as { traj: Record<string, unknown>[] }[];
  const chat = tau.slice(0, 60).map((entry, k) => chatCase(`tau-bench #${k}`, clone(entry.traj)));
  const agents = withBaseSize('medium', () => fc.sample(agentTranscript(), { seed: SEED, numRuns: 300 }));
  agents.slice(0, 150).forEach((messages, k) => {
    const { messages: records } = toOpenAIChatMessages(clone(messages), k % 2 === 0 ? 'You are an agent.' : undefined);
    chat.push(chatCase(`agentTranscript as Chat #${k}`, records as Record<string, unknown>[]));
  });
  const canonical = [...fixtureMessages(root), ...agents.map((messages, k) => ({ name: `agentTranscript #${k}`, messages: clone(messages) }))];
  const broken = withBaseSize('medium', () => fc.sample(agentTranscript({ broken: true }), { seed: SEED, numRuns: 100 }));
  canonical.push(...broken.map((messages, k) => ({ name: `agentTranscript broken #${k}`, messages: clone(messages) })));
  const odd = withBaseSize('medium', () => fc.sample(jsonTranscript(), { seed: SEED, numRuns: 100 }));
  const repairs = fc.sample(repairTranscript(), { seed: SEED, numRuns: 200 });
  const validated = [...canonical, ...odd.map((m, k) => ({ name: `jsonTranscript #${k}`, messages: clone(m) as Message[] })), ...repairs.map((m, k) => ({ name: `repairTranscript #${k}`, messages: clone(m) as Message[] }))];
  const contextPruner: PortsGolden['contextPruner'] = [];
  for (const [k, { name, messages }] of canonical.slice(0, 200).entries()) {
    if (messages.every((m) => m !== null && typeof m === 'object' && (m.role === 'user' || m.role === 'assistant') && (typeof m.content === 'string' || Array.isArray(m.content)))) {
      contextPruner.push(await contextPrunerCase(name, messages, k));
    }
  }
  return {
    about: 'Written by `npm run golden:python` (scripts/python-golden.ts) from the TypeScript core; never edit by hand.',
    chat,
    tokens: canonical.map(({ name, messages }) => tokenCase(name, messages)),
    masking: canonical.map(({ name, messages }) => maskingCase(name, messages)),
    validator: validated.map(({ name, messages }) => validatorCase(name, messages)),
    contextPruner,
    pins: canonical.slice(0, 250).map(({ name, messages }) => pinsCase(name, messages)),
  };
}
