/**
 * The golden cases the Python port is held to (issue 14): what the TypeScript core answers, on real transcripts
 * and on generated ones, for every strategy at every bound. `npm run golden:python` writes them; the Python tests
 * check the port gives the same answer message for message; `python-golden.test.ts` checks the committed file is
 * what this builds, so a core change that forgets to regenerate fails.
 *
 * Each case also holds what `repairMessages` answers on it, with each option the Python port takes (`repairs`).
 *
 * Kept small: outputs are kept indices as runs, not messages; a repaired message the repair did not change is its
 * input index; strings past 1,000 UTF-16 units are cut to 1,000 before anything is computed. The cut changes no answer: a string counts its full length wherever it
 * counts at all, so a message holding a cut string measured 1,000 or more before and after, and the length
 * score caps at 1,000 (min(length / 5000, 0.2)); for the real transcripts the builder checks it anyway.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Message, StrategyId, RepairChange, RepairOptions } from '../src/core';
import { createSummaryMessage } from '../src/core/summary/create-summary-message';
import { messageTextLength } from '../src/core/text/message-text-length';
import {
  findToolPairs,
  parseTranscript,
  pruneMessages,
  repairMessages,
  scoreMessage,
} from '../src/core';
import { agentTranscript } from '../test/support/agent-transcript-arbitrary';
import { jsonTranscript } from '../test/support/json-transcript-arbitrary';
import { repairTranscript } from '../test/support/repair-transcript-arbitrary';

export const GOLDEN_PATH = 'python/tests/golden/prune-golden.json.gz';

const STRATEGIES: readonly StrategyId[] = ['sliding-window', 'summarize', 'importance'];
const SEED = 14;
const MAX_STRING = 1000;

export interface GoldenCase {
  name: string;
  messages: unknown[];
  bounds: number[];
  /** Per message: `messageTextLength`. */
  textLengths: number[];
  /** Per message: `scoreMessage(message, index, n)`. */
  scores: number[];
  /** `findToolPairs`, in its order: [id, useIndex, resultIndex]. */
  pairs: [string, number, number][];
  /** Per strategy, per bound: `[summarized, start, end, start, end, …]`, the kept input indices as half-open runs. */
  /** Per strategy and bound, what was kept; `null` where the core refuses the input with a `TypeError`. */
  outputs: Record<StrategyId, (number[] | null)[]>;
  /** `repairMessages` with each of `repairOptions(n)`, in that order. */
  repairs: RepairGolden[];
}

/**
 * One `repairMessages` answer: each repaired message as its input index when it is the input object itself, or as
 * the new message whose content blocks are `[message, block]` when they are input blocks themselves and
 * `{ new: block }` when the repair made them; or, for an input it refuses, the error's name. The references keep the
 * file small (a merged message holds whole tool results) and let the port be checked for keeping the input objects.
 */
export type RepairGolden =
  | { options: RepairOptions; messages: (number | RepairedMessage)[]; changes: RepairChange[]; origin: number[] }
  | { options: RepairOptions; error: 'TypeError' | 'RangeError' };

export type RepairedMessage = Omit<Message, 'content'> & { content: string | ([number, number] | { new: unknown })[] };

export interface PythonGolden {
  about: string;
  /** Every UTF-16 code unit JavaScript's `trim()` removes: what repair takes for blank text. */
  whitespace: string;
  /** [value, String(value)]: how JavaScript prints the numbers that tool inputs hold. */
  numbers: [number, string][];
  cases: GoldenCase[];
}

/** Every file of `fixtures/`: the Anthropic `*.messages.json` arrays as they are, the others through `parseTranscript`. */
function fixtureTranscripts(root: string): { name: string; messages: unknown[] }[] {
  const dir = path.join(root, 'fixtures');
  const out: { name: string; messages: unknown[] }[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!/\.(json|jsonl)$/.test(file)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (file.endsWith('.messages.json')) {
      out.push({ name: `fixtures/${file}`, messages: JSON.parse(text) as unknown[] });
      continue;
    }
    for (const conversation of parseTranscript(text, { fileName: file }).conversations) {
      out.push({ name: `fixtures/${file}#${conversation.id}`, messages: conversation.messages });
    }
  }
  return out;
}

export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v)]));
  }
  return value;
}

/**
 * What pruneMessages kept, as `[summarized, start, end, …]` over input indices. Kept messages are the input's own, in
 * input order, so each is matched to the next input value it is (`===`): by identity for objects, and canonically (the
 * earliest) for values that are not objects, such as a `5` standing where a message should be, which repeat.
 */
export function encodeOutput(input: readonly Message[], output: readonly Message[]): number[] {
  let summarized = 0;
  let from = 0;
  const first = output[0];
  if (first !== undefined && !input.includes(first)) {
    summarized = input.length - (output.length - 1);
    if (JSON.stringify(first) !== JSON.stringify(createSummaryMessage(summarized))) {
      throw new Error(`unexpected first message ${JSON.stringify(first)}`);
    }
    from = 1;
  }
  const encoded = [summarized];
  let cursor = 0;
  for (let k = from; k < output.length; k++) {
    while (cursor < input.length && input[cursor] !== output[k]) cursor++;
    if (cursor === input.length) throw new Error('pruneMessages returned a message that is not an input, or out of order');
    const i = cursor++;
    if (encoded.length > 1 && encoded[encoded.length - 1] === i) encoded[encoded.length - 1] = i + 1;
    else encoded.push(i, i + 1);
  }
  return encoded;
}

function outputsAt(messages: readonly Message[], bounds: readonly number[]): Record<StrategyId, (number[] | null)[]> {
  const entries = STRATEGIES.map((strategy) => [
    strategy,
    bounds.map((maxTurns) => {
      // A message object with no role, or a role of no API, is refused (issue 19): the port must raise there too.
      try {
        return encodeOutput(messages, pruneMessages(messages, { strategy, maxTurns }));
      } catch (error) {
        if (error instanceof TypeError && /\.role must be/.test(error.message)) return null;
        throw error;
      }
    }),
  ]);
  return Object.fromEntries(entries) as Record<StrategyId, (number[] | null)[]>;
}

/** Default, lost calls answered, and answered with every fourth message kept apart (where holders change). */
function repairOptions(n: number): RepairOptions[] {
  const keepApart = Array.from({ length: n }, (_, i) => i).filter((i) => i % 4 === 1);
  return [{}, { unansweredCalls: 'answer' }, { unansweredCalls: 'answer', keepApart }];
}

function encodeRepaired(input: readonly Message[], repaired: readonly Message[]): (number | RepairedMessage)[] {
  const indexOf = new Map<Message, number>(input.map((message, i) => [message, i]));
  const blockAt = new Map<unknown, [number, number]>();
  input.forEach((message, m) => {
    const content: unknown = message.content;
    if (!Array.isArray(content)) return;
    content.forEach((block: unknown, b) => {
      if (block !== null && typeof block === 'object' && !blockAt.has(block)) blockAt.set(block, [m, b]);
    });
  });
  return repaired.map((message) => {
    const i = indexOf.get(message);
    if (i !== undefined) return i;
    const content = Array.isArray(message.content)
      ? (message.content as unknown[]).map((block) => blockAt.get(block) ?? { new: block })
      : (message.content as string);
    return { ...message, content };
  });
}

function repairsOf(messages: readonly Message[]): RepairGolden[] {
  return repairOptions(messages.length).map((options) => {
    try {
      const { messages: repaired, changes, origin } = repairMessages(messages, options);
      return { options, messages: encodeRepaired(messages, repaired), changes, origin };
    } catch (error) {
      if (error instanceof TypeError || error instanceof RangeError) return { options, error: error instanceof TypeError ? 'TypeError' : 'RangeError' };
      throw error;
    }
  });
}

function goldenCase(name: string, raw: unknown[], bounds: number[]): GoldenCase {
  const messages = trimStrings(JSON.parse(JSON.stringify(raw))) as Message[];
  const n = messages.length;
  return {
    name,
    messages,
    bounds,
    textLengths: messages.map((message) => messageTextLength(message)),
    scores: messages.map((message, i) => scoreMessage(message, i, n)),
    pairs: [...findToolPairs(messages)].map(([id, pair]): [string, number, number] => [id, pair.useIndex, pair.resultIndex]),
    outputs: outputsAt(messages, bounds),
    repairs: repairsOf(messages),
  };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => from + k);

/** For long transcripts: the small bounds, 16 spread over the rest, and around n. */
function spreadBounds(n: number): number[] {
  const bounds = new Set([0, 1, 2, 3, n - 1, n, n + 1, n / 2 + 0.5]);
  for (let k = 1; k < 16; k++) bounds.add(Math.round((n * k) / 16));
  return [...bounds].filter((b) => b >= 0).sort((a, b) => a - b);
}

/** fc.sample draws small values by default (arrays of about ten); golden transcripts should be longer. */
export function withBaseSize<T>(baseSize: fc.Size, run: () => T): T {
  const before = fc.readConfigureGlobal();
  fc.configureGlobal({ ...before, baseSize });
  try {
    return run();
  } finally {
    fc.configureGlobal(before);
  }
}

/**
 * Messages that are not messages, or not quite: what a careless JSON export holds. Role-less ones and ones whose role
 * is null, a number or `true` are each a turn of their own kind (JavaScript's `===`: undefined is not null, true is
 * not 1), and the tool blocks some hold pair across them.
 */
const oddMessage = fc.constantFrom<unknown>(
  null,
  5,
  'a string',
  [],
  true,
  {},
  { content: 'no role' },
  { role: null, content: 'a null role' },
  { role: 1, content: 'a number role' },
  { role: true, content: 'a true role' },
  { content: [{ type: 'tool_use', id: 't1', name: 'called without a role', input: {} }] },
  { role: 1, content: [{ type: 'tool_result', tool_use_id: 't1', content: 'answered by role 1' }] },
  { role: 'user', content: [{ type: 'tool_use', id: 't2', name: 'called by the user', input: {} }] },
);
const oddTranscript = () =>
  fc.tuple(jsonTranscript(), fc.array(fc.tuple(fc.nat(), oddMessage), { minLength: 1, maxLength: 4 })).map(([messages, odd]) => {
    const out = [...messages];
    for (const [at, message] of odd) out.splice(at % (out.length + 1), 0, message);
    return out;
  });

const NUMBERS = [
  0, 1, -1, 7, 10, 100, 0.5, -0.5, 0.1, 0.2, 0.3, 1.5, 123.456, 1 / 3, 2 / 3, Math.PI, 1e-6, 1.5e-6, 1e-7, 1.5e-7,
  9.99e-7, 5e-324, 2.2250738585072014e-308, 1e20, 1e21, 1.5e21, 9.999999999999999e20, 1e100, 1.7976931348623157e308,
  2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 123456789012345680000, 4294967296.5, 0.000001234,
  -1e21, -1.5e-7, 100000000000000000000, 1e16, 1.5e16, 12345678901234568, 0.1 + 0.2,
];

/** Builds the golden cases; `root` is the repository root. Deterministic: the same tree gives the same JSON. */
export function buildPythonGolden(root: string): PythonGolden {
  const cases: GoldenCase[] = [];
  for (const { name, messages } of fixtureTranscripts(root)) {
    const bounds = range(0, messages.length);
    const golden = goldenCase(name, messages, bounds);
    const untrimmed = outputsAt(JSON.parse(JSON.stringify(messages)) as Message[], bounds);
    if (JSON.stringify(untrimmed) !== JSON.stringify(golden.outputs)) {
      throw new Error(`${name}: cutting strings to ${MAX_STRING} units changed what the core keeps`);
    }
    cases.push(golden);
  }

  const agents = withBaseSize('medium', () => fc.sample(agentTranscript(), { seed: SEED, numRuns: 2000 }));
  agents.forEach((messages, k) => cases.push(goldenCase(`agentTranscript #${k}`, messages, [...range(0, messages.length + 1), messages.length / 2 + 0.5])));
  const long = withBaseSize('large', () => fc.sample(agentTranscript({ maxEpisodes: 300 }), { seed: SEED, numRuns: 30 }));
  long.forEach((messages, k) => cases.push(goldenCase(`agentTranscript long #${k}`, messages, spreadBounds(messages.length))));
  const odd = withBaseSize('medium', () => fc.sample(jsonTranscript(), { seed: SEED, numRuns: 600 }));
  odd.forEach((messages, k) => cases.push(goldenCase(`jsonTranscript #${k}`, messages, [...range(0, messages.length + 1), messages.length / 2 + 0.5])));
  const notMessages = withBaseSize('medium', () => fc.sample(oddTranscript(), { seed: SEED, numRuns: 200 }));
  notMessages.forEach((messages, k) => cases.push(goldenCase(`oddMessages #${k}`, messages, [...range(0, messages.length + 1), messages.length / 2 + 0.5])));
  const repairs = fc.sample(repairTranscript(), { seed: SEED, numRuns: 1000 });
  repairs.forEach((messages, k) => cases.push(goldenCase(`repairTranscript #${k}`, messages, range(0, messages.length + 1))));

  const sampled = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { seed: SEED, numRuns: 300 });
  const numbers = [...NUMBERS, ...NUMBERS.map((x) => -x), ...sampled]
    .filter((x) => !Object.is(x, -0))
    .map((x): [number, string] => [x, String(x)]);

  return {
    about: 'Written by `npm run golden:python` (scripts/python-golden.ts) from the TypeScript core; never edit by hand.',
    whitespace: Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).filter((c) => c.trim() === '').join(''),
    numbers,
    cases,
  };
}
