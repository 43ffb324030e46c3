/**
 * The built `prunescope` bin (dist/esm/cli.js), spawned on the real transcripts in fixtures/: outputs, exit codes and
 * error texts as a user sees them. Outputs are read back with the core's own parser and validator.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRATEGY_REGISTRY, linkToolCalls, listFormats, parseTranscript, validateMessages } from '../../src/core';
import { SPLIT_FROM_MESSAGES } from '../../src/cli/advise/sweep-in-parts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'dist/esm/cli.js');
const fixture = (name: string) => join('fixtures', name);
const TAU = fixture('tau-bench-gpt-4o-airline.json');
const SPOTTER = fixture('spotter-session.jsonl');
const SHORT = fixture('spotter-short.jsonl');

function cli(args: readonly string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync('node', [BIN, ...args], { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
}

let scratch: string;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('dist/esm/cli.js is not built: run `npm run build:lib` first (npm run test:package does)');
  scratch = mkdtempSync(join(tmpdir(), 'prunescope-cli-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('help', () => {
  it('prints the commands and exit codes; no command is bad usage (2)', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['prune', 'check', 'stats', 'replay', 'report']) expect(help.stdout).toContain(`  ${command} `);
    expect(help.stdout).toContain('2 bad usage or unreadable input');
    const bare = cli([]);
    expect(bare.status).toBe(2);
    expect(bare.stdout).toContain('Usage: prunescope COMMAND');
  });

  it.each(['prune', 'check', 'stats', 'replay', 'report'])('%s --help has an example and the exit codes', (command) => {
    const result = cli([command, '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: prunescope ${command} `));
    expect(result.stdout).toMatch(/Examples?:\n {2}prunescope /);
    expect(result.stdout).toContain('Exit status:');
    expect(cli(['help', command]).stdout).toBe(result.stdout);
  });

  it('lists every registered strategy and each of its options as a flag, from the registry', () => {
    const help = cli(['prune', '--help']).stdout;
    for (const strategy of STRATEGY_REGISTRY) {
      expect(help).toContain(`\n  ${strategy.id}\n`);
      for (const option of strategy.options) {
        const flag = option.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        expect(help).toContain(option.kind === 'boolean' ? `--[no-]${flag}` : `--${flag} `);
      }
    }
  });

  it('an unknown command or option is bad usage, named', () => {
    const command = cli(['shrink', TAU]);
    expect(command.status).toBe(2);
    expect(command.stderr).toBe('prunescope: unknown command "shrink"; the commands are prune, check, stats, replay, report, advise (prunescope --help)\n');
    const option = cli(['check', TAU, '--strict']);
    expect(option.status).toBe(2);
    expect(option.stderr).toBe('prunescope: check: unknown option --strict (prunescope check --help lists them)\n');
  });
});

describe('check', () => {
  it('lists the API’s own texts with file, line and message index; exit 1 when it would reject', () => {
    const result = cli(['check', SPOTTER, '--whole-history']);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'fixtures/spotter-session.jsonl:8: message 1: anthropic/whitespace-text-block: messages: text content blocks must contain non-whitespace text',
    );
    expect(result.stderr).toContain('6 problems in the conversation (anthropic rules)');
  });

  it('reads a compacted session as prune and stats do, what the agent last sent, and says so (a trial found them differ)', () => {
    const result = cli(['check', SPOTTER]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('was compacted: check reads what the agent last sent, messages 124–279 of 279 (--whole-history for all)');
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    // The same file line and message number prune gives the message.
    expect(lines[0]).toMatch(/^fixtures\/spotter-session\.jsonl:760: message 1: anthropic\/whitespace-text-block: /);
    expect(result.stderr).toContain('3 problems in the conversation (anthropic rules)');
  });

  it('exit 0 when every conversation would be accepted, and --json says the same', () => {
    const result = cli(['check', TAU]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${TAU}: no problems: openai-chat would accept all 200 conversations\n`);
    const json = JSON.parse(cli(['check', TAU, '--json']).stdout);
    expect(json).toMatchObject({ format: 'openai-chat', provider: 'openai-chat', problems: 0 });
    expect(json.conversations).toHaveLength(200);
  });

  it('--provider checks by another API’s rules', () => {
    const json = JSON.parse(cli(['check', fixture('openhands-sdk-fncall-llm-message.json'), '--provider', 'anthropic', '--json']).stdout);
    expect(json.provider).toBe('anthropic');
    const bad = cli(['check', TAU, '--provider', 'gemini']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('prunescope: check: --provider must be one of anthropic, openai-chat, openai-responses, got "gemini"\n');
  });

  it('a missing file and broken JSON are exit 2, with where', () => {
    const missing = cli(['check', 'fixtures/nope.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('prunescope: fixtures/nope.json: no such file\n');
    const broken = cli(['check', '-'], '{"messages": [\n  {"role": "user", "content": "hi"},,\n]}');
    expect(broken.status).toBe(2);
    expect(broken.stderr).toBe('prunescope: <stdin>:2:37: The file is not valid JSON or JSON Lines: unexpected "," at line 2, column 37.\n');
  });
});

describe('prune', () => {
  it('writes the pruned session in its own format; the tool pairs stay whole', () => {
    // The whole log (the compacted session read as last sent is `prune`'s default since issue 19).
    const result = cli(['prune', SPOTTER, '--whole-history', '--strategy', 'sliding-window', '--max-turns', '10']);
    expect(result.status).toBe(0);
    const [conversation] = parseTranscript(result.stdout, { fileName: 'out.jsonl' }).conversations;
    expect(conversation?.format).toBe('claude-code');
    expect(conversation?.messages.length).toBe(11);
    expect(linkToolCalls(conversation?.messages ?? []).orphans).toEqual([]);
    expect(result.stderr).toContain('sliding-window on 279 messages: 11 of 279 messages sent, 205,448 → 8,046 tokens (96.1% saved)');
  });

  it('a tau-bench file: every entry pruned and written back as one array', () => {
    const result = cli(['prune', TAU, '-s', 'importance', '--max-tokens', '1500']);
    expect([0, 1]).toContain(result.status);
    const parsed = parseTranscript(result.stdout, { fileName: 'out.json' });
    expect(parsed.conversations).toHaveLength(200);
    for (const c of parsed.conversations) expect(validateMessages(c.messages, 'openai-chat')).toEqual([]);
    const input = parseTranscript(readFileSync(join(ROOT, TAU), 'utf8')).conversations;
    expect(parsed.conversations.reduce((a, c) => a + c.messages.length, 0)).toBeLessThan(input.reduce((a, c) => a + c.messages.length, 0));
  });

  it('--conversation and --to: one conversation, converted', () => {
    const result = cli(['prune', TAU, '-s', 'summarize', '--max-turns', '4', '--conversation', '3', '--to', 'anthropic']);
    expect(result.status).toBe(0);
    const body = JSON.parse(result.stdout) as { system?: string; messages: { role: string; content: unknown }[] };
    expect(typeof body.system).toBe('string');
    const third = parseTranscript(readFileSync(join(ROOT, TAU), 'utf8')).conversations[2];
    const replaced = (third?.messages.length ?? 0) - (body.messages.length - 1);
    expect(replaced).toBeGreaterThan(0);
    expect(body.messages[0]?.content).toBe(`[Previous context: ${replaced} turns summarized]`);
    expect(result.stderr).toContain('note: Written as Anthropic Messages JSON; the source was OpenAI Chat Completions JSON.');
  });

  it('reads stdin; an inherited problem is exit 1 with the line, and --repair fixes it', () => {
    const text = readFileSync(join(ROOT, SHORT), 'utf8');
    const plain = cli(['prune', '-', '-s', 'sliding-window', '--max-turns', '5'], text);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain(
      '<stdin>:5: output message 1 (input message 1): anthropic/whitespace-text-block: messages: text content blocks must contain non-whitespace text [also in the input]',
    );
    expect(plain.stderr).toContain('--repair fixes what the input already held');
    const repaired = cli(['prune', '-', '-s', 'sliding-window', '--max-turns', '5', '--repair'], text);
    expect(repaired.status).toBe(0);
    expect(repaired.stderr).toContain('<stdin>: repaired message 1: removed a whitespace-only text block (anthropic/whitespace-text-block)');
    const [conversation] = parseTranscript(repaired.stdout, { fileName: 'out.jsonl' }).conversations;
    expect(validateMessages(conversation?.messages ?? [], 'anthropic')).toEqual([]);
  });

  it('strategy options come from the registry, checked, in --json', () => {
    const result = cli(['prune', SPOTTER, '-s', 'governor', '--max-tokens', '20000', '--intent', 'debugging', '--no-keep-task', '--keep-threshold', '70', '--json']);
    expect([0, 1]).toContain(result.status);
    const json = JSON.parse(result.stdout);
    expect(json.config).toEqual({ intent: 'debugging', keepTask: false, keepThreshold: 70, maxTokens: 20000 });
    expect(json.conversations[0].tokensAfter).toBeLessThanOrEqual(20000);
    expect(typeof json.text).toBe('string');
    const masked = JSON.parse(cli(['prune', SPOTTER, '-s', 'observation-masking', '--keep-recent', '3', '--exclude-tools', 'Read,Grep', '--json']).stdout);
    expect(masked.config).toEqual({ keepRecent: 3, excludeTools: ['Read', 'Grep'] });
    expect(masked.conversations[0].masked).toBeGreaterThan(0);
  });

  it.each([
    [['-s', 'shrink', '--max-turns', '3'], 'prune: unknown strategy "shrink"; the strategies are sliding-window, summarize, importance, observation-masking, token-budget, governor'],
    [['-s', 'sliding-window'], 'prune: sliding-window needs --max-turns or --max-tokens, for example --max-turns 40'],
    [['-s', 'sliding-window', '--max-turns', '3', '--keep-recent', '2'], 'prune: --keep-recent is an option of observation-masking, not of sliding-window'],
    [['-s', 'observation-masking', '--max-turns', '3'], 'prune: observation-masking takes --max-tokens only, not --max-turns'],
    [['-s', 'observation-masking', '--keep-recent', 'many'], 'prune: --keep-recent must be a whole number, got "many"'],
    [['-s', 'observation-masking', '--keep-recent=-1'], 'prune: --keep-recent must be from 0 to 100,000, got -1'],
    [['-s', 'observation-masking', '--keep-recent', '-1'], 'prune: --keep-recent needs a value (for one that starts with -, write --keep-recent=-1)'],
    [['-s', 'governor', '--max-tokens', '9', '--intent', 'vibes'], 'prune: --intent must be one of auto, code_generation, debugging, explanation, search, planning, review, generic, got "vibes"'],
    [['-s', 'token-budget', '--soft-limit-tokens', '10', '--hard-limit-tokens', '5'], 'prune: --hard-limit-tokens (5) must be at least --soft-limit-tokens (10)'],
    [['-s', 'sliding-window', '--max-turns', '3', '--to', 'gemini'], `prune: --to must be one of ${listFormats().map((f) => f.id).join(', ')}, got "gemini"`],
    [['-s', 'sliding-window', '--max-turns', '3', '--unanswered', 'answer'], 'prune: --unanswered goes with --repair'],
    [['-s', 'sliding-window', '--max-turns', '3', '--conversation', 'task-9999'], `prune: ${TAU} has no conversation "task-9999"; it holds 200 (`],
  ])('bad usage is exit 2 and says what: %j', (args, message) => {
    const result = cli(['prune', TAU, ...args]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`prunescope: ${message}`);
  });
});

describe('stats', () => {
  it('counts messages, pairs, orphans, tokens and the recorded usage of a Claude Code session', () => {
    const json = JSON.parse(cli(['stats', SPOTTER, '--whole-history', '--json']).stdout);
    expect(json.encoding).toBe('claude');
    expect(json.conversations).toHaveLength(1);
    expect(json.conversations[0]).toMatchObject({ messages: 279, toolPairs: 150, orphanCalls: 0, orphanResults: 0, tokens: 205448 });
    expect(json.conversations[0].recorded.requests).toBeGreaterThan(100);
    expect(json.conversations[0].recorded.fixedTokens).toBeGreaterThan(0);
    const table = cli(['stats', SPOTTER]);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('fixtures/spotter-session.jsonl: claude-code, tokens counted with claude');
  });

  it('one row per conversation and a total for tau-bench; --encoding chars needs no vocabulary', () => {
    const result = cli(['stats', TAU, '--encoding', 'chars']);
    expect(result.status).toBe(0);
    const rows = result.stdout.trim().split('\n');
    // The title, the header and its rule, 200 conversations, the total.
    expect(rows).toHaveLength(3 + 200 + 1);
    expect(rows[rows.length - 1]).toMatch(/^total\s+5,108\s/);
  });
});

describe('replay', () => {
  it('replays spotter-session.jsonl with --json: none first, every strategy, priced as the model the file records', () => {
    const result = cli(['replay', SPOTTER, '--json', '--mode', 'live']);
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout) as { model: string; mode: string; recorded?: { medianError: number }; strategies: { id: string; totals: { costUsd: number }; requests: unknown[] }[] };
    expect(json.mode).toBe('live');
    expect(json.model).toMatch(/claude/);
    expect(json.strategies.map((s) => s.id)).toEqual(['none', ...STRATEGY_REGISTRY.map((s) => s.id)]);
    for (const s of json.strategies) expect(s.totals.costUsd).toBeGreaterThan(0);
    expect(json.recorded?.medianError).toBeLessThan(0.2);
    const table = cli(['replay', SPOTTER, '-s', 'observation-masking', '--mode', 'live', '--trigger', 'over:60000']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/live replay priced as .*claude/);
    expect(table.stdout).toMatch(/^observation-masking\s/m);
  });
});

type Json = ReturnType<typeof JSON.parse>;

/** A command's JSON answer with one worker and with two, each run having succeeded. */
function withOneJobAndTwo(args: string[]): [Json, Json] {
  const runs = ['1', '2'].map((jobs) => cli([...args, '--jobs', jobs]));
  for (const run of runs) expect(run.status).toBe(0);
  return runs.map((run) => JSON.parse(run.stdout) as Json) as [Json, Json];
}

describe('advise', () => {
  it('tau-bench: the same sweep and recommendation with one job and with two (the worker threads)', () => {
    const flags = ['--json', '--strategy', 'sliding-window,observation-masking,openhands-condenser', '--bounds', '3000,8000'];
    const [a, b] = withOneJobAndTwo(['advise', TAU, ...flags]);
    expect(b.points).toEqual(a.points);
    expect(b.recommendation).toEqual(a.recommendation);
    expect(a.conversations).toHaveLength(200);
    expect(a.recommendation).toMatchObject({ strategy: expect.any(String), mode: expect.any(String), costUsd: expect.any(Number), loss: expect.any(Number) });
  });

  it('a conversation of 10,000 messages, its strategies shared between two threads: the sweep of one thread', () => {
    // Long enough to be split (SPLIT_FROM_MESSAGES): tool calls and their results, a prompt every 50 messages.
    const messages = Array.from({ length: 10_000 }, (_, k) => {
      const turn = Math.floor(k / 2);
      if (k % 2 === 1) return { role: 'assistant', content: [{ type: 'tool_use', id: `t${turn}`, name: 'read', input: { path: `src/f${turn % 40}.ts` } }] };
      const result = { type: 'tool_result', tool_use_id: `t${turn - 1}`, content: `contents of f${(turn - 1) % 40} `.repeat(20) };
      return { role: 'user', content: k === 0 ? 'Fix the failing tests.' : k % 50 === 0 ? [result, { type: 'text', text: `Now step ${k / 50}.` }] : [result] };
    });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } as never);
    // Its own folder: the scratch folder (subfolders too) is read whole by the report tests.
    const folder = mkdtempSync(join(tmpdir(), 'prunescope-long-'));
    const file = join(folder, 'long.json');
    try {
      writeFileSync(file, JSON.stringify(messages));
      const flags = ['--json', '--encoding', 'chars', '--strategy', 'sliding-window,observation-masking,summarize', '--bounds', '20000,100000', '--keep', 'none'];
      const [a, b] = withOneJobAndTwo(['advise', file, ...flags]);
      expect(a.conversations[0].messages).toBeGreaterThanOrEqual(SPLIT_FROM_MESSAGES);
      expect(a.points.length).toBeGreaterThan(6);
      expect(b.points).toEqual(a.points);
      expect(b.skipped).toEqual(a.skipped);
      expect(b.recommendation).toEqual(a.recommendation);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('report', () => {
  it('tau-bench: the same totals with one job and with two', () => {
    const [a, b] = withOneJobAndTwo(['report', TAU, '--json']);
    expect(b.totals).toEqual(a.totals);
    expect(b.conversations).toEqual(a.conversations);
    expect(a.totals.map((t: { strategy: string }) => t.strategy)).toEqual(['none', ...STRATEGY_REGISTRY.map((s) => s.id)]);
    expect(a.totals[0]).toMatchObject({ conversations: 200, valid: 200, tasks: 200 });
    for (const t of a.totals) expect(t.addedProblems).toBe(0);
  });

  it('a folder: an unreadable file is reported and skipped, the rest counted, exit 1', () => {
    writeFileSync(join(scratch, 'broken.json'), '{"messages": [');
    writeFileSync(join(scratch, 'notes.txt'), 'not a transcript, not a .json file: ignored');
    writeFileSync(join(scratch, 'short.jsonl'), readFileSync(join(ROOT, SHORT)));
    const result = cli(['report', scratch, 'fixtures/missing.jsonl', '--strategy', 'sliding-window,governor', '--max-tokens', '300', '--csv']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${join(scratch, 'broken.json')}:1:15: `);
    expect(result.stderr).toContain('fixtures/missing.jsonl: no such file; skipped');
    const [header, none, window, governor] = result.stdout.trim().split('\r\n');
    expect(header).toBe('strategy,conversations,tokens_in,tokens_out,saved_share,api_valid,problems_added,task_kept,tasks,over_bound,errors,cost_usd');
    expect(none).toMatch(/^none,1,/);
    expect(window).toMatch(/^sliding-window,1,/);
    expect(governor).toMatch(/^governor,1,/);
  });

  it('--merge of parts run apart gives the report of the whole', () => {
    const files = ['spotter-short.jsonl', 'spotter-tool-heavy.jsonl', 'codemie-session-9eda1058.jsonl', 'openhands-sdk-fncall-llm-message.json'].map(fixture);
    const flags = ['--strategy', 'importance,observation-masking', '--fraction', '0.4', '--json', '--jobs', '1'];
    const whole = JSON.parse(cli(['report', ...files, ...flags]).stdout);
    writeFileSync(join(scratch, 'a.json'), cli(['report', ...files.slice(0, 2), ...flags]).stdout);
    writeFileSync(join(scratch, 'b.json'), cli(['report', ...files.slice(2), ...flags]).stdout);
    const merged = cli(['report', '--merge', join(scratch, 'a.json'), join(scratch, 'b.json'), '--json']);
    expect(merged.status).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(whole);
    writeFileSync(join(scratch, 'c.json'), cli(['report', files[0] as string, '--strategy', 'importance', '--json', '--jobs', '1']).stdout);
    const mixed = cli(['report', '--merge', join(scratch, 'a.json'), join(scratch, 'c.json')]);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain(`was run with other settings than ${join(scratch, 'a.json')}`);
  });

  it('reads a transcript from stdin as -', () => {
    const result = cli(['report', '-', '--strategy', 'importance', '--json', '--jobs', '1'], readFileSync(join(ROOT, SHORT), 'utf8'));
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.files).toEqual([{ file: '-', format: 'claude-code', conversations: 1 }]);
    expect(json.totals[1]).toMatchObject({ strategy: 'importance', conversations: 1 });
  });

  it('the table: a none row, then each strategy', () => {
    const result = cli(['report', SHORT, fixture('spotter-tool-heavy.jsonl'), '--jobs', '1']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe("2 conversations in 2 files; each conversation's bound 0.5 × its tokens; tokens counted with claude");
    // Every conversation is replayed and priced (stateless, the model each file records).
    expect(lines[1]).toMatch(/^strategy\s+conversations\s+tokens sent\s+saved\s+API-valid\s+problems added\s+task kept\s+over bound\s+cost\s+vs none$/);
    expect(lines[3]).toMatch(/\$\d+\.\d+\s*$/);
    expect(lines[3]).toMatch(/^none \(as sent\)\s+2\s/);
    // The files record claude-opus-4-6, which the price table lacks: its family's nearest entry prices it, and the
    // report says which (issue 17 item 2).
    expect(lines.at(-1)).toBe('priced with ai-tokenizer\'s price table: anthropic/claude-opus-4.5, the nearest entry to "claude-opus-4-6"');
    // Other systems' managers take no bound: a line says so, so their 0% saved does not read as a failure.
    const ownTrigger = STRATEGY_REGISTRY.filter((s) => s.bounds.length === 0).map((s) => s.id);
    expect(lines.at(-2)).toBe(`${ownTrigger.join(', ')}: no bound; each acts on its own trigger (0% saved: never reached)`);
    expect(lines).toHaveLength(6 + STRATEGY_REGISTRY.length);
  });
});
