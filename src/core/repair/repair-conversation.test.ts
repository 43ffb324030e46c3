import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { parseTranscript } from '../formats/parse-transcript';
import { serializeTranscript } from '../formats/serialize-transcript';
import { validateMessages } from '../formats/validate-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { repairConversation } from './repair-conversation';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');
const jsonl = (...records: object[]): string => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
let uuid = 0;
const line = (type: 'user' | 'assistant', content: unknown, extra: object = {}): object => ({
  type,
  sessionId: 's1',
  uuid: `u${++uuid}`,
  parentUuid: uuid > 1 ? `u${uuid - 1}` : null,
  message: type === 'assistant' ? { id: `m${uuid}`, role: 'assistant', content } : { role: 'user', content },
  ...extra,
});

describe('repairConversation', () => {
  const text = jsonl(
    line('user', 'go'),
    line('assistant', [{ type: 'text', text: '\n\n' }]),
    line('user', 'still there?', { isMeta: true }),
    line('assistant', [{ type: 'text', text: 'Yes.' }, { type: 'tool_use', id: 'a', name: 'Bash', input: {} }]),
    { type: 'system', subtype: 'compact_boundary', uuid: 'b1', parentUuid: null, compactMetadata: { trigger: 'auto', preTokens: 1200 } },
    line('user', 'Summary of the earlier conversation', { isCompactSummary: true }),
    line('assistant', [{ type: 'text', text: 'Continuing.' }]),
  );
  const conversation = parseTranscript(text).conversations[0]!;

  it('repairs the messages and carries sources, source lines, annotations and boundaries through the merges', () => {
    expect(conversation.messages).toHaveLength(6);
    const { conversation: repaired, changes } = repairConversation(conversation);
    expect(repaired.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }, { type: 'text', text: 'still there?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Yes.' }] },
      { role: 'user', content: 'Summary of the earlier conversation' },
      { role: 'assistant', content: [{ type: 'text', text: 'Continuing.' }] },
    ]);
    expect(changes.map((c) => [c.index, c.rule])).toEqual([
      [1, 'anthropic/whitespace-text-block'],
      [1, 'anthropic/empty-content'],
      [2, 'repair/merge-same-role'],
      [3, 'anthropic/tool-use-without-result'],
    ]);
    expect(repaired.sourceLines).toEqual([[1, 3], [4], [6], [7]]);
    expect(repaired.sources.map((s) => s.length)).toEqual([2, 1, 1, 1]);
    expect(repaired.sources[0]?.[1]).toBe(conversation.sources[2]?.[0]);
    // The merged message is not all meta; the summary is still the summary, and is still its own message.
    expect(repaired.annotations).toEqual([{ repaired: true }, { repaired: true }, { compactSummary: true }, undefined]);
    expect(repaired.boundaries).toMatchObject([{ messageIndex: 2, trigger: 'auto', preTokens: 1200 }]);
    expect(repaired.messages[2]).toBe(conversation.messages[4]);
    expect(conversation.messages).toHaveLength(6);
  });

  it('is idempotent, boundaries included', () => {
    const once = repairConversation(conversation).conversation;
    const twice = repairConversation(once);
    expect(twice.changes).toEqual([]);
    expect(twice.conversation.messages).toEqual(once.messages);
    twice.conversation.messages.forEach((m, k) => expect(m).toBe(once.messages[k]));
    expect(twice.conversation.boundaries).toEqual(once.boundaries);
  });

  it('exports the repaired content in Claude Code lines, the boundary line before its summary', () => {
    const { conversation: repaired } = repairConversation(conversation);
    const out = serializeTranscript(repaired, repaired.messages);
    const back = parseTranscript(out.text).conversations[0]!;
    expect(back.messages).toEqual(repaired.messages);
    expect(back.boundaries?.map((b) => b.messageIndex)).toEqual([2]);
    expect(validateMessages(back.messages, 'anthropic')).toEqual([]);
  });

  it('exports repaired messages of an OpenAI Chat file from their content, and says so', () => {
    const chat = parseTranscript(
      JSON.stringify([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
        { role: 'user', content: 'hello?' },
        { role: 'assistant', content: 'Sunny.' },
      ]),
    ).conversations[0]!;
    const { conversation: repaired } = repairConversation(chat);
    const out = serializeTranscript(repaired, repaired.messages);
    expect(JSON.parse(out.text)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'weather?' }, { type: 'text', text: 'hello?' }] },
      { role: 'assistant', content: 'Sunny.' },
    ]);
    expect(out.note).toBe('1 repaired message is written from its repaired content, converted from the canonical shape.');
  });

  it('on the real spotter session: the problems the API rejects are gone, the pairs and the boundary are kept, and export reads back the same', () => {
    const session = parseTranscript(fixture('spotter-session.jsonl')).conversations[0]!;
    const before = validateMessages(session.messages, 'anthropic');
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((p) => p.rule))).toEqual(new Set(['anthropic/whitespace-text-block']));
    const { conversation: repaired, changes } = repairConversation(session);
    expect(validateMessages(repaired.messages, 'anthropic')).toEqual([]);
    expect(new Set(changes.map((c) => c.rule))).toEqual(new Set(['anthropic/whitespace-text-block']));
    expect(linkToolCalls(repaired.messages).pairs).toHaveLength(150);
    expect(repaired.messages).toHaveLength(session.messages.length);
    expect(repaired.boundaries?.[0]?.messageIndex).toBe(session.boundaries?.[0]?.messageIndex);
    const back = parseTranscript(serializeTranscript(repaired, repaired.messages).text).conversations[0]!;
    expect(back.messages).toEqual(repaired.messages);
    const anthropic = parseTranscript(serializeTranscript(repaired, repaired.messages, 'anthropic').text).conversations[0]!;
    expect(anthropic.messages).toEqual(repaired.messages);
  });

  it('keeps an Anthropic compaction boundary on its block after a blank block before it is removed', () => {
    const messages: Message[] = [
      { role: 'user', content: 'long task' },
      { role: 'assistant', content: [{ type: 'text', text: ' ' }, { type: 'compaction', content: 'Summary.' }, { type: 'text', text: 'Going on.' }] },
    ];
    const c = parseTranscript(JSON.stringify(messages)).conversations[0]!;
    expect(c.boundaries).toEqual([{ messageIndex: 1, kind: 'compaction-block', blockIndex: 1 }]);
    expect(repairConversation(c).conversation.boundaries).toEqual([{ messageIndex: 1, kind: 'compaction-block', blockIndex: 0 }]);
  });
});

describe('repairConversation on every real fixture', () => {
  const LEFT_ALONE = new Set(['anthropic/duplicate-tool-use-id', 'anthropic/duplicate-tool-result']);
  const FILES = [
    'spotter-session.jsonl',
    'spotter-short.jsonl',
    'spotter-tool-heavy.jsonl',
    'spotter-subagent-a2898e3.jsonl',
    'codemie-session-9eda1058.jsonl',
    'spotter-session.messages.json',
    'pause-turn-web-search.messages.json',
    'openhands-sdk-fncall-llm-message.json',
    'tau-bench-gpt-4o-airline.json',
    'codex-rollout-agentcmd-2025-09-24.jsonl',
  ];

  it.each(FILES)('%s: valid for the API after repair, no orphan, idempotent, and its export reads back valid', (name) => {
    for (const c of parseTranscript(fixture(name)).conversations) {
      const { conversation: repaired } = repairConversation(c);
      expect(validateMessages(repaired.messages, 'anthropic').filter((p) => !LEFT_ALONE.has(p.rule))).toEqual([]);
      expect(linkToolCalls(repaired.messages).orphans).toEqual([]);
      expect(repaired.sources).toHaveLength(repaired.messages.length);
      expect(repairConversation(repaired).changes).toEqual([]);
      const back = parseTranscript(serializeTranscript(repaired, repaired.messages).text).conversations[0]!;
      if (c.format === 'claude-code' || c.format === 'anthropic') expect(back.messages).toEqual(repaired.messages);
      expect(validateMessages(back.messages, 'anthropic').filter((p) => !LEFT_ALONE.has(p.rule))).toEqual([]);
    }
  });
});
