/**
 * Parse benchmark: MB/s of parseTranscript beside bare JSON.parse of the same bytes (for JSONL, JSON.parse of each
 * line), on the largest real files and on a generated ~100 MB Claude Code session. Median of RUNS after WARMUP.
 * Target: parseTranscript within 2× of JSON.parse. Run: npx tsx bench/parse.bench.ts
 *
 * The two are timed in alternating rounds with a full GC before each run: the machine is shared, and otherwise one
 * run's garbage is collected on the other's clock, which swings the ratio more than the code does.
 */
import { readFileSync } from 'node:fs';
import { parseTranscript } from '../src/core/formats/parse-transcript';
import { gcFunction, median } from './measure';
import { mulberry32 } from './synthetic-transcript';

const WARMUP = 2;
const RUNS = 7;
const TARGET_MB = 100;

/** A Claude Code session shaped like the real ones: parts of one message over several lines, progress lines, big results. */
function generateClaudeCodeSession(targetBytes: number, seed: number): string {
  const random = mulberry32(seed);
  const words = ['the', 'file', 'test', 'server', 'config', 'error', 'module', 'function', 'build', 'route', 'schema', 'token'];
  const prose = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(words[Math.floor(random() * words.length)] as string);
    return out.join(' ');
  };
  const lines: string[] = [];
  let bytes = 0;
  let uuid = 0;
  let message = 0;
  let call = 0;
  const push = (record: object): void => {
    const line = JSON.stringify(record);
    lines.push(line);
    bytes += line.length + 1;
  };
  const base = (): Record<string, unknown> => ({
    parentUuid: uuid === 0 ? null : `uuid-${uuid}`,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/user/project',
    sessionId: 'bench-session',
    version: '2.1.39',
    gitBranch: 'main',
    uuid: `uuid-${++uuid}`,
    timestamp: '2026-02-12T20:22:45.174Z',
  });
  push({ ...base(), type: 'user', message: { role: 'user', content: prose(30) } });
  while (bytes < targetBytes) {
    const id = `msg_${++message}`;
    const assistantLine = (block: object): void =>
      push({
        ...base(),
        type: 'assistant',
        requestId: `req_${message}`,
        message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [block], stop_reason: null, usage: { input_tokens: 3, output_tokens: 13 } },
      });
    assistantLine({ type: 'thinking', thinking: prose(40 + Math.floor(random() * 80)), signature: 'EsMCCkYICxgCKkDuNR00D0SPshrOAOM1rE2RNrkHn0aXuAp7lW1sP8HECP' });
    assistantLine({ type: 'text', text: prose(10 + Math.floor(random() * 60)) });
    const calls = random() < 0.2 ? 2 + Math.floor(random() * 3) : 1;
    const ids: string[] = [];
    for (let k = 0; k < calls; k++) {
      const callId = `toolu_${++call}`;
      ids.push(callId);
      assistantLine({ type: 'tool_use', id: callId, name: 'Bash', input: { command: `rg ${prose(3)}`, description: prose(6) } });
      push({ ...base(), type: 'progress', data: { type: 'hook_progress', hookEvent: 'PreToolUse', command: 'guard.sh' }, toolUseID: callId });
      // Parallel calls: the first result often lands before the next part of the same message.
      if (k === 0 && calls > 1) push({ ...base(), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: ids.shift(), content: prose(200) }] } });
    }
    for (const callId of ids) {
      const size = random() < 0.05 ? 4000 : 50 + Math.floor(random() * 600);
      push({ ...base(), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: callId, content: prose(size), is_error: random() < 0.1 }] }, toolUseResult: { stdout: 'ok' } });
    }
    if (random() < 0.15) push({ ...base(), type: 'user', message: { role: 'user', content: prose(20) } });
  }
  return `${lines.join('\n')}\n`;
}

const gc = gcFunction();

/** Median milliseconds of each function, timed in alternating rounds. */
function timeRounds(fns: (() => unknown)[]): number[] {
  const runs = fns.map((): number[] => []);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    fns.forEach((fn, k) => {
      gc?.();
      const start = performance.now();
      fn();
      const ms = performance.now() - start;
      if (round >= WARMUP) runs[k]?.push(ms);
    });
  }
  return runs.map(median);
}

function bareJsonParse(text: string, jsonl: boolean): () => unknown {
  if (!jsonl) return () => JSON.parse(text);
  return () => {
    const out: unknown[] = [];
    for (const line of text.split('\n')) if (line !== '') out.push(JSON.parse(line));
    return out;
  };
}

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const inputs: { name: string; text: string; jsonl: boolean }[] = [
  { name: 'tau-bench-gpt-4o-airline.json (largest shared file)', text: fixture('tau-bench-gpt-4o-airline.json'), jsonl: false },
  { name: 'spotter-session.jsonl (largest JSONL)', text: fixture('spotter-session.jsonl'), jsonl: true },
  { name: `generated Claude Code JSONL (seed 42)`, text: generateClaudeCodeSession(TARGET_MB * 1e6, 42), jsonl: true },
];

const rows: string[][] = [['input', 'MB', 'JSON.parse MB/s', 'parseTranscript MB/s', 'ratio (time)']];
for (const { name, text, jsonl } of inputs) {
  const mb = Buffer.byteLength(text, 'utf8') / 1e6;
  const [bare = NaN, ours = NaN] = timeRounds([bareJsonParse(text, jsonl), () => parseTranscript(text)]);
  rows.push([name, mb.toFixed(1), (mb / (bare / 1000)).toFixed(0), (mb / (ours / 1000)).toFixed(0), `${(ours / bare).toFixed(2)}×`]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
const format = (row: string[]): string => `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
console.log(
  `parseTranscript vs JSON.parse: median of ${RUNS} alternating runs after ${WARMUP} warm-up, ` +
    `${gc ? 'full GC before each run' : 'no GC control'} (Node ${process.versions.node})`,
);
console.log(format(rows[0]!));
console.log(`|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const row of rows.slice(1)) console.log(format(row));
