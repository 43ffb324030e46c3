/**
 * Token counting benchmark (issue 9): MB/s of countMessageTokens with each encoding, beside ai-tokenizer's own
 * single-thread `Tokenizer.count()` on the same text, on the real spotter session (the 3 MB sample the inspector opens)
 * and on a generated 100k-message transcript. Run: npx tsx bench/tokens.bench.ts
 *
 * "The same text" is what countMessageTokens tokenizes: every text, thinking, tool name, tool input as JSON and tool
 * result, joined with newlines; MB is its UTF-8 size. `Tokenizer.count()` is fed that text in ~1 MB slices cut at
 * newlines (one 170 MB string would need a 40-million-entry token array to count). Both are timed in alternating
 * rounds with a full GC before each run, median of the runs after warm-up, as in parse.bench.ts. Loading a vocabulary
 * is timed cold, in a fresh process per encoding.
 *
 * The generated transcript slices all its text from one 64 KB corpus of ~40 words (bench/synthetic-transcript.ts), so
 * the tokenizer's merge cache answers nearly every word: its MB/s is an upper bound. The spotter session is the
 * realistic figure.
 */
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { Tokenizer } from 'ai-tokenizer';
import * as claude from 'ai-tokenizer/encoding/claude';
import * as o200kBase from 'ai-tokenizer/encoding/o200k_base';
import * as cl100kBase from 'ai-tokenizer/encoding/cl100k_base';
import { parseTranscript, type Message } from '../src/core';
// Not in the core's barrel yet: the lead adds the token exports when wiring them in.
import { countMessageTokens } from '../src/core/tokens/count-message-tokens';
import { createTokenCounter } from '../src/core/tokens/create-token-counter';
import type { TokenCounter, TokenEncoding } from '../src/core/tokens/types';
import { gcFunction, median } from './measure';
import { syntheticTranscript } from './synthetic-transcript';

const SEED = 0x5eed_0009;
const ENCODINGS: readonly TokenEncoding[] = ['claude', 'o200k_base', 'cl100k_base', 'chars'];
const VOCABULARIES = { claude, o200k_base: o200kBase, cl100k_base: cl100kBase } as const;
const SLICE_BYTES = 1_000_000;
const SETTLE_MS = 50;

const gc = gcFunction();

/** What countMessageTokens hands the counter, in the same order. */
function joinedPieces(messages: readonly Message[]): string[] {
  const pieces: string[] = [];
  const block = (b: unknown): void => {
    if (b === null || typeof b !== 'object') return;
    const x = b as Record<string, unknown>;
    if (x.type === 'text' && typeof x.text === 'string') pieces.push(x.text);
    else if (x.type === 'thinking' && typeof x.thinking === 'string') pieces.push(x.thinking);
    else if (x.type === 'tool_use') pieces.push(String(x.name), typeof x.input === 'string' ? x.input : JSON.stringify(x.input) ?? '');
    else if (x.type === 'tool_result') {
      if (typeof x.content === 'string') pieces.push(x.content);
      else if (Array.isArray(x.content)) x.content.forEach(block);
    } else if (x.type !== 'image') pieces.push(JSON.stringify(x));
  };
  for (const message of messages) {
    if (typeof message.content === 'string') pieces.push(message.content);
    else message.content.forEach(block);
  }
  return pieces;
}

/** The joined text in slices of about SLICE_BYTES, cut between pieces. */
function slices(pieces: readonly string[]): { slices: string[]; megabytes: number } {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  let bytes = 0;
  for (const piece of pieces) {
    current.push(piece);
    size += piece.length + 1;
    if (size >= SLICE_BYTES) {
      const slice = current.join('\n');
      out.push(slice);
      bytes += Buffer.byteLength(slice, 'utf8');
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) {
    const slice = current.join('\n');
    out.push(slice);
    bytes += Buffer.byteLength(slice, 'utf8');
  }
  return { slices: out, megabytes: bytes / 1e6 };
}

/**
 * Median wall and CPU milliseconds of each function, timed in alternating rounds. After each forced GC a short pause
 * lets V8 finish sweeping on its helper threads (see prune.bench.ts); CPU time tells a busy machine from slow code.
 */
async function timeRounds(fns: (() => unknown)[], warmup: number, runs: number): Promise<{ wall: number; cpu: number }[]> {
  const wall = fns.map((): number[] => []);
  const cpu = fns.map((): number[] => []);
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < fns.length; k++) {
      if (gc) {
        gc();
        await sleep(SETTLE_MS);
      }
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      fns[k]?.();
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpuStart);
      if (round >= warmup) {
        wall[k]?.push(ms);
        cpu[k]?.push((used.user + used.system) / 1000);
      }
    }
  }
  return wall.map((samples, k) => ({ wall: median(samples), cpu: median(cpu[k] ?? []) }));
}

/** This file imports every vocabulary for the baseline, so a cold load is timed in a process of its own. */
function coldLoadMs(encoding: TokenEncoding): number {
  const module = fileURLToPath(new URL('../src/core/tokens/create-token-counter.ts', import.meta.url));
  const script =
    `const { createTokenCounter } = await import(${JSON.stringify(module)});` +
    `const t = performance.now(); await createTokenCounter({ encoding: ${JSON.stringify(encoding)} });` +
    'console.log(performance.now() - t);';
  const samples: number[] = [];
  for (let run = 0; run < 3; run++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    samples.push(Number(out.trim()));
  }
  return median(samples);
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log('# prunescope token counting benchmark\n');
  console.log(
    `Node ${process.version}, ${cpus[0]?.model ?? 'unknown CPU'} ×${cpus.length}, load ${os.loadavg()[0]?.toFixed(2)}; ` +
      `${gc ? `full GC and a ${SETTLE_MS} ms pause before each run` : 'no GC control'}; medians of alternating runs ` +
      '(MB/s from wall time).\n',
  );

  const counters = new Map<TokenEncoding, TokenCounter>();
  for (const encoding of ENCODINGS) counters.set(encoding, await createTokenCounter({ encoding }));
  console.log('## Vocabulary load (cold: a fresh Node process per encoding, median of 3)\n');
  console.log('| encoding | ms |\n|---|---:|');
  for (const encoding of ENCODINGS) console.log(`| ${encoding} | ${coldLoadMs(encoding).toFixed(0)} |`);

  const spotter = parseTranscript(readFileSync(new URL('../fixtures/spotter-session.jsonl', import.meta.url), 'utf8')).conversations[0];
  if (spotter === undefined) throw new Error('spotter session did not parse');
  // Through JSON, as a real transcript arrives: the generator's strings are slices of one corpus (see prune.bench).
  const generated = JSON.parse(JSON.stringify(syntheticTranscript(100_000, SEED))) as Message[];
  const inputs = [
    { name: 'spotter-session.jsonl (3 MB file)', messages: spotter.messages, warmup: 2, runs: 7 },
    { name: 'generated, 100,000 messages', messages: generated, warmup: 1, runs: 3 },
  ];

  const rows: string[] = [];
  for (const input of inputs) {
    const { slices: text, megabytes } = slices(joinedPieces(input.messages));
    for (const encoding of ENCODINGS) {
      const counter = counters.get(encoding);
      if (counter === undefined) continue;
      const ours = (): unknown => countMessageTokens(input.messages, counter);
      const fns: (() => unknown)[] = [ours];
      if (encoding !== 'chars') {
        const tokenizer = new Tokenizer(VOCABULARIES[encoding]);
        fns.push(() => {
          let total = 0;
          for (const slice of text) total += tokenizer.count(slice);
          return total;
        });
      }
      const [oursTime, theirsTime] = await timeRounds(fns, input.warmup, input.runs);
      const oursMs = oursTime?.wall ?? NaN;
      const theirsMs = theirsTime?.wall ?? NaN;
      const total = countMessageTokens(input.messages, counter).reduce((a, b) => a + b, 0);
      const oursRate = megabytes / (oursMs / 1000);
      const theirsRate = megabytes / (theirsMs / 1000);
      const cpuRatio = (theirsTime?.cpu ?? NaN) / (oursTime?.cpu ?? NaN);
      const none = Number.isNaN(theirsMs);
      rows.push(
        `| ${input.name} | ${megabytes.toFixed(1)} | ${encoding} | ${Math.round(total).toLocaleString('en-US')} | ` +
          `${oursMs.toFixed(0)} | ${(oursTime?.cpu ?? NaN).toFixed(0)} | ${none ? '—' : theirsMs.toFixed(0)} | ` +
          `${none ? '—' : (theirsTime?.cpu ?? NaN).toFixed(0)} | ${oursRate.toFixed(1)} | ${none ? '—' : theirsRate.toFixed(1)} | ` +
          `${none ? '—' : `${(oursRate / theirsRate).toFixed(2)}× (CPU ${cpuRatio.toFixed(2)}×)`} |`,
      );
    }
  }
  console.log('\n## countMessageTokens against Tokenizer.count() on the same text\n');
  console.log(
    '| input | text MB | encoding | tokens counted | ours ms | ours CPU ms | count() ms | count() CPU ms | ours MB/s | count() MB/s | ours speed ÷ count() speed |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(
    '\nOurs adds the framing, the JSON of tool inputs and the per-block walk; Tokenizer.count() builds two regular expressions per call ' +
      'to refuse special tokens, which countMessageTokens skips (encode(text, "all")).',
  );
}

await main();
