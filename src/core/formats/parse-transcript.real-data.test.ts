import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../links/link-tool-calls';
import type { Message } from '../types';
import { parseTranscript } from './parse-transcript';
import { serializeTranscript } from './serialize-transcript';
import type { TranscriptFormat } from './types';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');

// Every file in ../shared/data, copied byte for byte into fixtures/, and the derived subagent file.
const FILES: { name: string; format: TranscriptFormat; conversations: number; messages: number; pairs: number; unanswered?: number }[] = [
  { name: 'spotter-session.messages.json', format: 'anthropic', conversations: 1, messages: 278, pairs: 150 },
  { name: 'pause-turn-web-search.messages.json', format: 'anthropic', conversations: 1, messages: 3, pairs: 15 },
  // 279: the derived Anthropic file's 278 plus the compact summary, which is its own message after the boundary.
  { name: 'spotter-session.jsonl', format: 'claude-code', conversations: 1, messages: 279, pairs: 150 },
  { name: 'spotter-short.jsonl', format: 'claude-code', conversations: 1, messages: 3, pairs: 2 },
  { name: 'spotter-tool-heavy.jsonl', format: 'claude-code', conversations: 1, messages: 9, pairs: 6 },
  { name: 'codemie-session-9eda1058.jsonl', format: 'claude-code', conversations: 1, messages: 10, pairs: 3 },
  // Derived, not copied: a subagent file built from the spotter session's Task call (see fixtures/README.md).
  { name: 'spotter-subagent-a2898e3.jsonl', format: 'claude-code', conversations: 1, messages: 4, pairs: 2 },
  { name: 'openhands-sdk-fncall-llm-message.json', format: 'openai-chat', conversations: 1, messages: 13, pairs: 6 },
  { name: 'tau-bench-gpt-4o-airline.json', format: 'openai-chat', conversations: 200, messages: 5108, pairs: 1164 },
  { name: 'codex-rollout-agentcmd-2025-09-24.jsonl', format: 'openai-responses', conversations: 1, messages: 270, pairs: 123 },
  { name: 'swe-agent-function-calling-simple.traj', format: 'swe-agent', conversations: 1, messages: 11, pairs: 5 },
  { name: 'swe-agent-gpt4-pydicom-1458.traj', format: 'swe-agent', conversations: 1, messages: 25, pairs: 0 },
  // Not in ../shared/data: SWE-agent's replayed demonstration (ids reused across turns) and a gpt-4o test run.
  { name: 'swe-agent-marshmallow-1867-replay.traj', format: 'swe-agent', conversations: 1, messages: 23, pairs: 11 },
  { name: 'swe-agent-test-repo-gpt-4o.traj', format: 'swe-agent', conversations: 1, messages: 9, pairs: 4 },
  { name: 'codemie-session-2025-12-01.json', format: 'gemini-cli', conversations: 1, messages: 22, pairs: 10 },
  // OpenHands ends on a `finish` call, which no observation answers.
  { name: 'openhands-basic.json', format: 'openhands', conversations: 1, messages: 4, pairs: 1, unanswered: 1 },
  { name: 'openhands-basic-gui-mode.json', format: 'openhands', conversations: 1, messages: 10, pairs: 4 },
  { name: 'openhands-wrong-initial-state.json', format: 'openhands', conversations: 1, messages: 8, pairs: 3, unanswered: 1 },
  // Written for this project (see fixtures/README.md): a cancelled call, a call that never got a response, JSONL
  // re-appends, a rewind and a checkpoint; an OpenHands condensation, parallel calls and a finish.
  { name: 'gemini-cli-sample.json', format: 'gemini-cli', conversations: 1, messages: 9, pairs: 4, unanswered: 1 },
  { name: 'gemini-cli-sample.jsonl', format: 'gemini-cli', conversations: 1, messages: 6, pairs: 1 },
  { name: 'openhands-sample.json', format: 'openhands', conversations: 1, messages: 8, pairs: 3, unanswered: 1 },
  // No real file at hand: made by the AI SDK itself (scripts/make-ai-sdk-fixtures.ts) and by the OpenTelemetry OpenAI
  // instrumentation (scripts/make-otel-genai-fixtures.cjs), or written for this project from the research's samples,
  // which end on calls not answered yet (`orphans`).
  { name: 'ai-sdk-tool-loop.model-messages.json', format: 'ai-sdk', conversations: 1, messages: 16, pairs: 8 },
  { name: 'ai-sdk-written.model-messages.json', format: 'ai-sdk', conversations: 1, messages: 6, pairs: 5, unanswered: 1 },
  { name: 'ai-sdk-chat.ui-messages.json', format: 'ai-sdk-ui', conversations: 1, messages: 16, pairs: 8 },
  { name: 'ai-sdk-written.ui-messages.json', format: 'ai-sdk-ui', conversations: 1, messages: 6, pairs: 3, unanswered: 1 },
  { name: 'otel-genai-openai-js.logs.json', format: 'otel-genai', conversations: 1, messages: 8, pairs: 3 },
  { name: 'otel-genai-openai-js.jsonl', format: 'otel-genai', conversations: 1, messages: 8, pairs: 3 },
  { name: 'otel-genai-written.trace.json', format: 'otel-genai', conversations: 1, messages: 4, pairs: 1 },
  { name: 'otel-genai-written.events-logs.json', format: 'otel-genai', conversations: 1, messages: 4, pairs: 1 },
];

const asBlocks = (m: Message): Message => ({
  role: m.role,
  content: typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content,
});

/** Consecutive messages of one role as one, the way the API reads them (and the derived file was written). */
const mergeRuns = (messages: readonly Message[]): Message[] => {
  const out: Message[] = [];
  for (const m of messages.map(asBlocks)) {
    const last = out[out.length - 1];
    if (last?.role === m.role) out[out.length - 1] = { role: m.role, content: [...(last.content as []), ...(m.content as [])] };
    else out.push(m);
  }
  return out;
};

describe.each(FILES)('$name', ({ name, format, conversations, messages, pairs, unanswered = 0 }) => {
  const text = fixture(name);
  const parsed = parseTranscript(text, { fileName: name });

  it('is detected as its format', () => {
    expect(parsed.format).toBe(format);
    expect(parsed.conversations.every((c) => c.format === format)).toBe(true);
  });

  it('yields its conversations, messages and tool pairs, with no orphan but the calls the file left unanswered', () => {
    expect(parsed.conversations).toHaveLength(conversations);
    let total = 0;
    let linked = 0;
    let open = 0;
    for (const c of parsed.conversations) {
      const links = linkToolCalls(c.messages);
      expect(links.orphans.filter((o) => o.kind === 'result')).toEqual([]);
      open += links.orphans.length;
      total += c.messages.length;
      linked += links.pairs.length;
      expect(c.sources).toHaveLength(c.messages.length);
      expect(c.sources.every((s) => s.length > 0)).toBe(true);
      expect(c.title.length).toBeGreaterThan(0);
    }
    expect(total).toBe(messages);
    expect(linked).toBe(pairs);
    expect(open).toBe(unanswered);
  });

  it('round trip: parse → serialize with every message kept → parse gives the same canonical messages', () => {
    for (const c of parsed.conversations) {
      const out = serializeTranscript(c, c.messages);
      expect(out.format).toBe(format);
      const back = parseTranscript(out.text);
      expect(back.format).toBe(format);
      expect(back.conversations).toHaveLength(1);
      expect(back.conversations[0]?.messages).toEqual(c.messages);
      expect(back.conversations[0]?.system).toBe(c.system);
    }
  });

  it('round trip through Anthropic Messages JSON keeps the canonical messages', () => {
    const c = parsed.conversations[0];
    if (!c) throw new Error('no conversation');
    const back = parseTranscript(serializeTranscript(c, c.messages, 'anthropic').text);
    expect(back.conversations[0]?.messages).toEqual(c.messages);
  });
});

describe('Claude Code on the real spotter session', () => {
  const parsed = parseTranscript(fixture('spotter-session.jsonl'));
  const main = parsed.conversations[0];

  it('gives the messages of the derived Anthropic file (same message.id merged, results after their turn)', () => {
    const derived = JSON.parse(fixture('spotter-session.messages.json')) as Message[];
    expect(mergeRuns(main?.messages ?? [])).toEqual(derived);
  });

  it('keeps roles alternating, except that the compact summary follows the tool results before the boundary', () => {
    const at = main?.boundaries?.[0]?.messageIndex ?? -1;
    const roles = main?.messages.map((m) => m.role) ?? [];
    for (let i = 1; i < roles.length; i++) if (i !== at) expect(roles[i]).not.toBe(roles[i - 1]);
    expect([roles[at - 1], roles[at]]).toEqual(['user', 'user']);
  });

  it('records the compact boundary of line 754 and keeps the summary out of the tool-result message before it', () => {
    expect(main?.boundaries).toMatchObject([{ kind: 'compact-boundary', trigger: 'auto', preTokens: 170251, line: 754 }]);
    const at = main?.boundaries?.[0]?.messageIndex ?? -1;
    expect(main?.annotations?.[at]).toEqual({ compactSummary: true });
    expect(main?.sourceLines?.[at]).toEqual([755]);
    const before = main?.messages[at - 1]?.content;
    expect(Array.isArray(before) && before.every((b) => b.type === 'tool_result')).toBe(true);
  });

  it('skips bookkeeping lines as information, with no warning', () => {
    expect(parsed.warnings).toEqual([]);
    expect(parsed.skipped).toEqual([
      { type: 'file-history-snapshot', count: 14 },
      { type: 'progress', count: 1083 },
      { type: 'system', count: 5 },
      { type: 'queue-operation', count: 1 },
    ]);
  });

  it('marks the compact summary', () => {
    const marked = main?.annotations?.flatMap((a, i) => (a?.compactSummary ? [i] : [])) ?? [];
    expect(marked).toHaveLength(1);
    const content = main?.messages[marked[0] ?? -1]?.content;
    expect(JSON.stringify(content)).toContain('This session is being continued from a previous conversation');
  });

  it('gives each message its source lines, in file order', () => {
    expect(main?.sourceLines).toHaveLength(main?.messages.length ?? -1);
    for (const lines of main?.sourceLines ?? []) expect([...lines].sort((a, b) => a - b)).toEqual(lines);
    expect(main?.id).toBe('4d5611e5-241a-462a-8d15-5122611a9569');
  });
});

describe('OpenAI Chat on the real files', () => {
  it('tau-bench: one conversation per task, the system prompt lifted out, null content with tool_calls read', () => {
    const parsed = parseTranscript(fixture('tau-bench-gpt-4o-airline.json'));
    const first = parsed.conversations[0];
    expect(first?.id).toBe('task-0-trial-0');
    expect(first?.system).toMatch(/^# Airline Agent Policy/);
    expect(first?.envelope).toMatchObject({ task_id: 0, trial: 0 });
    expect(first?.envelope).not.toHaveProperty('traj');
    expect(new Set(parsed.conversations.map((c) => c.id)).size).toBe(200);
    const call = first?.messages.find((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_use'));
    const use = Array.isArray(call?.content) ? call.content.find((b) => b.type === 'tool_use') : undefined;
    expect(typeof use?.input).toBe('object');
  });

  it('openhands: arguments parsed from JSON, tool messages become tool_result blocks', () => {
    const parsed = parseTranscript(fixture('openhands-sdk-fncall-llm-message.json'));
    const c = parsed.conversations[0];
    expect(c?.system).toMatch(/^You are OpenHands agent/);
    expect(c?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: "I'll create a new Python file named `hello.py` that prints 'Hello, World!' for you." },
        {
          type: 'tool_use',
          id: 'toolu_01AaHKJphyeTw3GFp4Xgiekv',
          name: 'str_replace_editor',
          input: { command: 'create', path: '/workspace/hello.py', file_text: "print('Hello, World!')", security_risk: 'LOW' },
        },
      ],
    });
    expect(c?.messages[2]?.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01AaHKJphyeTw3GFp4Xgiekv',
        content: "Ran into [Errno 2] No such file or directory: '/workspace/hello.py' while trying to write to /workspace/hello.py",
      },
    ]);
  });
});

describe('Codex rollout on the real file', () => {
  const parsed = parseTranscript(fixture('codex-rollout-agentcmd-2025-09-24.jsonl'));
  const c = parsed.conversations[0];

  it('reads response_item lines, skips event_msg duplicates and turn_context lines as information, with no warning', () => {
    expect(c?.id).toBe('01997e76-d124-7592-9cac-2ec05abbca08');
    expect(c?.title).toMatch(/^Updating a team to assign a lead or change from viewer to contributor is VERY/);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.skipped).toEqual([
      { type: 'event_msg', count: 291 },
      { type: 'turn_context', count: 136 },
    ]);
  });

  it('keeps each reasoning item in the assistant message of the call that follows it', () => {
    for (const m of c?.messages ?? []) {
      if (!Array.isArray(m.content)) continue;
      const types = m.content.map((b) => b.type);
      if (types.includes('thinking')) expect(m.role).toBe('assistant');
      if (types.includes('tool_use')) expect(types.indexOf('thinking')).toBeLessThan(types.indexOf('tool_use'));
    }
    const withCall = c?.messages.filter((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_use')) ?? [];
    expect(withCall.length).toBeGreaterThan(0);
  });
});
