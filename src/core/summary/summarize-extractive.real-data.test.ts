/**
 * The extractive summarizer and the token-budget pruner on real sessions (fixtures/, licences in
 * fixtures/README.md): marot/spotter Claude Code sessions (MIT), codemie-ai/codemie-code (Apache-2.0) and a Codex
 * CLI rollout from jnarowski/agentcmd (MIT), read with `parseTranscript`. Each session is pruned with no pinned
 * prefix, so the task itself is among the summarized turns; what the summary must name is read from those turns
 * by rules written here, independent of the summarizer's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { Provider } from '../formats/types';
import type { ConversationTurn } from '../context-pruner/types';
import { parseTranscript } from '../formats/parse-transcript';
import { validateMessages } from '../formats/validate-messages';
import { ContextPruner } from '../context-pruner/context-pruner';
import { toContextWindow } from '../context-pruner/to-context-window';
import { fromContextWindow } from '../context-pruner/from-context-window';
import { createExtractiveSummarizer } from './create-extractive-summarizer';
import { charsCounter } from '../../../test/support/build-turns';

/** `changed` and `failed`: how many edited files and failed calls the summarized turns hold, so no check is vacuous. */
const SESSIONS: { file: string; provider: Provider; task: string; changed: number; failed: number }[] = [
  { file: 'spotter-session.jsonl', provider: 'anthropic', task: 'Work on bead spotter-dov. Run bd show spotter-dov', changed: 11, failed: 5 },
  { file: 'spotter-tool-heavy.jsonl', provider: 'anthropic', task: 'start phoenix in background', changed: 0, failed: 0 },
  { file: 'codemie-session-9eda1058.jsonl', provider: 'anthropic', task: 'show tools and store response in file', changed: 1, failed: 1 },
  { file: 'codex-rollout-agentcmd-2025-09-24.jsonl', provider: 'openai-responses', task: 'Updating a team to assign a lead', changed: 8, failed: 8 },
];

const load = (file: string): Message[] => {
  const text = readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8');
  return parseTranscript(text, { fileName: file }).conversations[0]?.messages ?? [];
};

interface Expected {
  changed: Set<string>;
  lastCommand: string | undefined;
  /** Per failed call (is_error, or a non-zero exit code in Codex's JSON): its command or tool name, and its output. */
  failed: { label: string; output: string }[];
}

const oneLine = (text: string, length: number) => text.replace(/\s+/g, ' ').trim().slice(0, length);

/** What the summarized turns hold, read plainly: edited paths, the last shell command, failed calls. */
function expectedFrom(turns: readonly ConversationTurn[]): Expected {
  const changed = new Set<string>();
  let lastCommand: string | undefined;
  const failed: Expected['failed'] = [];
  const labels = new Map<string, string>();
  for (const turn of turns) {
    if (!Array.isArray(turn.content)) continue;
    for (const block of turn.content) {
      if (block.type === 'tool_use') {
        const input = block.input as { file_path?: string; command?: string | string[] };
        if ((block.name === 'Edit' || block.name === 'Write') && input.file_path) changed.add(input.file_path);
        const command = Array.isArray(input.command) ? input.command.at(-1) : input.command;
        labels.set(block.id as string, command ?? (block.name as string));
        if (command && (block.name === 'Bash' || block.name === 'shell')) {
          for (const m of command.matchAll(/^\*\*\* (?:Add|Update) File: (.+)$/gm)) changed.add(m[1] as string);
          if (!command.includes('*** Begin Patch')) lastCommand = command;
        }
      } else if (block.type === 'tool_result' && typeof block.content === 'string') {
        const codexFailure = /"exit_code":[1-9]/.test(block.content.slice(-200));
        if (block.is_error === true || codexFailure) failed.push({ label: labels.get(block.tool_use_id as string) ?? '', output: block.content });
      }
    }
  }
  return { changed, lastCommand, failed };
}

describe.each(SESSIONS)('$file', ({ file, provider, task, changed, failed }) => {
  const messages = load(file);
  const window = toContextWindow(messages, charsCounter);
  const given: ConversationTurn[] = [];
  const extractive = createExtractiveSummarizer({ counter: charsCounter });
  const recording = { summarize: (turns: readonly ConversationTurn[], context: string) => (given.push(...turns), extractive.summarize(turns, context)) };
  const pruner = new ContextPruner(recording, {
    softLimitTokens: Math.floor(window.totalTokenEstimate / 4),
    hardLimitTokens: Math.floor(window.totalTokenEstimate / 2),
    pinnedPrefixTurns: 0,
    recentTailTurns: 2,
    counter: charsCounter,
  });
  const pruned = pruner.prune(window);

  it('prunes to a smaller window with no new validator problem for the source API', async () => {
    const result = await pruned;
    expect(result.pruned).toBe(true);
    expect(result.window.totalTokenEstimate).toBeLessThan(window.totalTokenEstimate);
    // Claude Code logs hold whitespace-only text blocks the API itself would reject: those may stay, none may be added.
    const output = fromContextWindow(result.window);
    const before = new Set(validateMessages(messages, provider).map((p) => `${p.rule} ${p.messageIndex}`));
    for (const problem of validateMessages(output, provider)) {
      const source = messages.findIndex((m) => m.content === output[problem.messageIndex]?.content);
      expect(before, `${problem.rule} at output message ${problem.messageIndex}`).toContain(`${problem.rule} ${source}`);
    }
  });

  it('the summary names the task, the files changed, the last command and the errors of the summarized turns', async () => {
    const { summary = '' } = await pruned;
    const expected = expectedFrom(given);
    expect([expected.changed.size, expected.failed.length]).toEqual([changed, failed]);
    expect(summary).toContain(`## Task\n${task}`);
    for (const path of expected.changed) expect(summary, path).toContain(`- ${path}`);
    if (expected.lastCommand !== undefined) expect(summary).toContain(`- \`${oneLine(expected.lastCommand, 40)}`);
    const errors = summary.split('## Errors\n')[1]?.split('\n\n')[0] ?? '';
    for (const { label, output } of expected.failed) {
      expect(errors, label).toContain(oneLine(label, 25));
      if (provider === 'anthropic') {
        // Claude Code: the first line that says something, past its `Exit code N` line.
        const line = output.split('\n').find((l) => l.trim() !== '' && !/^Exit code \d+$/.test(l)) ?? '';
        expect(errors, line).toContain(oneLine(line, 40));
      }
    }
  });
});

describe('the Codex rollout in particular', () => {
  it('lists files read through the shell, exit codes from the JSON metadata, and the last plan', async () => {
    const messages = load('codex-rollout-agentcmd-2025-09-24.jsonl');
    const summary = createExtractiveSummarizer({ counter: charsCounter }).summarizeSync(messages);
    expect(summary).toContain('- packages/utils/src/fetcher.ts');
    expect(summary).toMatch(/- `pnpm --filter @repo\/spectora-labs check-types` → exit 2/);
    expect(summary).toContain('## Todo list (last state)\n- [x] Add backend support for fetching a single team');
  });
});
