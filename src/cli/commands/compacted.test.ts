/**
 * The CLI on a compacted Claude Code session (issue 19): `prune`, `stats` and `report` read what the agent last
 * sent (from the last compaction on), as the inspector opens it, and say so; `--whole-history` reads the whole log.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../run';
import { testIo } from '../../../test/support/cli-io';
import { parseTranscript } from '../../lib/formats';
import { readFileSync } from 'node:fs';

const FILE = new URL('../../../fixtures/spotter-session.jsonl', import.meta.url).pathname;
const [whole] = parseTranscript(readFileSync(FILE, 'utf8'), { fileName: 'spotter-session.jsonl' }).conversations;
const boundary = whole!.boundaries!.at(-1)!.messageIndex;

describe('the CLI on a compacted session', () => {
  it('the fixture is compacted', () => {
    expect(boundary).toBeGreaterThan(0);
  });

  it('prune keeps nothing the agent compacted away, and --whole-history does', async () => {
    const io = testIo();
    // 1: written, with the problems the log itself holds (a whitespace-only block); what matters here is what was written.
    expect(await run(['prune', FILE, '-s', 'sliding-window', '--max-turns', '100000', '--json', '--encoding', 'chars'], io)).toBeLessThan(2);
    const out = JSON.parse(io.out) as { conversations: { messages?: number; sent?: number }[]; text: string };
    const written = parseTranscript(out.text).conversations[0]!.messages.length;
    expect(written).toBe(whole!.messages.length - boundary);
    expect(io.err).toMatch(new RegExp(`was compacted: prune reads what the agent last sent, messages ${boundary + 1}–${whole!.messages.length} of ${whole!.messages.length} \\(--whole-history for all\\)`));

    const all = testIo();
    expect(await run(['prune', FILE, '-s', 'sliding-window', '--max-turns', '100000', '--json', '--encoding', 'chars', '--whole-history'], all)).toBeLessThan(2);
    const allText = (JSON.parse(all.out) as { text: string }).text;
    expect(parseTranscript(allText).conversations[0]!.messages.length).toBe(whole!.messages.length);
    expect(all.err).not.toMatch(/was compacted/);
  });

  it('stats counts what was last sent, and says from where', async () => {
    const io = testIo();
    expect(await run(['stats', FILE, '--json', '--encoding', 'chars'], io)).toBe(0);
    const last = (JSON.parse(io.out) as { conversations: { messages: number; tokens: number; from?: number }[] }).conversations[0]!;
    expect(last.messages).toBe(whole!.messages.length - boundary);
    expect(last.from).toBe(boundary);
    const all = testIo();
    expect(await run(['stats', FILE, '--json', '--encoding', 'chars', '--whole-history'], all)).toBe(0);
    const wholeStats = (JSON.parse(all.out) as { conversations: { messages: number; tokens: number; from?: number }[] }).conversations[0]!;
    expect(wholeStats.messages).toBe(whole!.messages.length);
    expect(wholeStats.from).toBeUndefined();
    expect(last.tokens).toBeLessThan(wholeStats.tokens);
  });
});
