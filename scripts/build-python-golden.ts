/**
 * The golden cases the Python port is held to (issue 14): what the TypeScript core answers, on real transcripts
 * and on generated ones, for every strategy at every bound. `npm run golden:python` writes them; the Python tests
 * check the port gives the same answer message for message; `python-golden.test.ts` checks the committed file is
 * what this builds, so a core change that forgets to regenerate fails.
 *
 * Kept small: outputs are kept indices as runs, not messages, and strings past 1,000 UTF-16 units are cut to
 * 1,000 before anything is computed. The cut changes no answer: a string counts its full length wherever it
 * counts at all, so a message holding a cut string measured 1,000 or more before and after, and the length
 * score caps at 1,000 (min(length / 5000, 0.2)); for the real transcripts the builder checks it anyway.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Message, PruneStrategy } from '../src/core';
import { createSummaryMessage, findToolPairs, messageTextLength, parseTranscript, pruneMessages, scoreMessage } from '../src/core';
import { agentTranscript } from '../test/support/agent-transcript-arbitrary';
import { jsonTranscript } from '../test/support/json-transcript-arbitrary';

export const GOLDEN_PATH = 'python/tests/golden/prune-golden.json.gz';

const STRATEGIES: readonly PruneStrategy[] = ['sliding-window', 'summarize', 'importance'];
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
  outputs: Record<PruneStrategy, number[][]>;
}

export interface PythonGolden {
  about: string;
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

function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v)]));
  }
  return value;
}

/** What pruneMessages kept, as `[summarized, start, end, …]` over input indices, read by object identity. */
function encodeOutput(input: readonly Message[], output: readonly Message[]): number[] {
  const indexOf = new Map<Message, number>(input.map((message, i) => [message, i]));
  let summarized = 0;
  let from = 0;
  const first = output[0];
  if (first !== undefined && !indexOf.has(first)) {
    summarized = input.length - (output.length - 1);
    if (JSON.stringify(first) !== JSON.stringify(createSummaryMessage(summarized))) {
      throw new Error(`unexpected first message ${JSON.stringify(first)}`);
    }
    from = 1;
  }
  const encoded = [summarized];
  for (let k = from; k < output.length; k++) {
    const i = indexOf.get(output[k] as Message);
    if (i === undefined) throw new Error('pruneMessages returned a message that is not an input object');
    if (encoded.length > 1 && encoded[encoded.length - 1] === i) encoded[encoded.length - 1] = i + 1;
    else encoded.push(i, i + 1);
  }
  return encoded;
}

function outputsAt(messages: readonly Message[], bounds: readonly number[]): Record<PruneStrategy, number[][]> {
  const entries = STRATEGIES.map((strategy) => [
    strategy,
    bounds.map((maxTurns) => encodeOutput(messages, pruneMessages(messages, { strategy, maxTurns }))),
  ]);
  return Object.fromEntries(entries) as Record<PruneStrategy, number[][]>;
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
function withBaseSize<T>(baseSize: fc.Size, run: () => T): T {
  const before = fc.readConfigureGlobal();
  fc.configureGlobal({ ...before, baseSize });
  try {
    return run();
  } finally {
    fc.configureGlobal(before);
  }
}

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

  const sampled = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { seed: SEED, numRuns: 300 });
  const numbers = [...NUMBERS, ...NUMBERS.map((x) => -x), ...sampled]
    .filter((x) => !Object.is(x, -0))
    .map((x): [number, string] => [x, String(x)]);

  return {
    about: 'Written by `npm run golden:python` (scripts/python-golden.ts) from the TypeScript core; never edit by hand.',
    numbers,
    cases,
  };
}
