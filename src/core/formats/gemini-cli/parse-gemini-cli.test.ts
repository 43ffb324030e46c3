import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const session = (messages: unknown[]) => JSON.stringify({ sessionId: 's1', projectHash: 'p', startTime: 't', lastUpdated: 't', messages });
const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
const META = { sessionId: 's2', projectHash: 'p', startTime: 't', lastUpdated: 't' };

describe('Gemini CLI session JSON', () => {
  const parsed = parseTranscript(fixture('gemini-cli-sample.json'), { fileName: 'gemini-cli-sample.json' });
  const c = parsed.conversations[0]!;

  it('one gemini record is an assistant message (thoughts, text, calls) and a user message of its results', () => {
    expect(c.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Planning the reads\nList first, then read both files.' },
        { type: 'tool_use', id: 'list_directory-1764669605000-a1', name: 'list_directory', input: { dir_path: '/w' } },
        { type: 'tool_use', id: 'read_file-1764669605001-b2', name: 'read_file', input: { file_path: '/w/note.md' } },
      ],
    });
    expect(c.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'list_directory-1764669605000-a1', content: 'Directory listing for /w:\nnotes.md\nlogo.png' },
        { type: 'tool_result', tool_use_id: 'read_file-1764669605001-b2', content: 'File not found: /w/note.md', is_error: true },
      ],
    });
    expect(c.sources[1]).toEqual([JSON.parse(fixture('gemini-cli-sample.json')).messages[1]]);
    expect(c.sources[2]?.[0]).toBe(c.sources[1]?.[0]);
  });

  it('an image a tool read follows its text; a cancelled call is an error; a call never answered has no result', () => {
    expect(c.messages[4]?.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'read_file-1764669609000-c3',
        content: [
          { type: 'text', text: 'Binary content of type image/png was processed.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.stringMatching(/^iVBOR/) as unknown } },
        ],
      },
    ]);
    expect(c.messages[6]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'run_shell_command-1764669660000-d4', content: '[Operation Cancelled] Reason: User did not allow tool call', is_error: true },
    ]);
    expect(linkToolCalls(c.messages).orphans).toEqual([{ id: 'web_fetch-1764669660001-e5', kind: 'use', messageIndex: 5, blockIndex: 1 }]);
  });

  it('UI records and slash commands were never sent: counted as skipped and kept with the message before them', () => {
    expect(parsed.skipped).toEqual([
      { type: 'info', count: 1 },
      { type: 'slash-command', count: 1 },
      { type: 'error', count: 1 },
    ]);
    expect(parsed.warnings).toEqual([]);
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'user', 'assistant']);
    expect(c.sources[6]?.map((r) => (r as { type: string }).type)).toEqual(['gemini', 'info', 'user']);
    expect(c.sources[8]?.map((r) => (r as { type: string }).type)).toEqual(['gemini', 'error']);
  });

  it('takes its id from sessionId and its title from the first words', () => {
    expect(c.id).toBe('ab12cd34-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(c.title).toBe('Show the files, read notes.md and the logo');
    expect(c.layout).toEqual({ kind: 'object', key: 'messages' });
  });

  it('the real session: thought summaries as thinking, three calls of one record in one message, no warning', () => {
    const real = parseTranscript(fixture('codemie-session-2025-12-01.json'));
    const r = real.conversations[0]!;
    expect(real.warnings).toEqual([]);
    expect(real.skipped).toEqual([]);
    const thinking = r.messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'thinking') : []));
    expect(thinking).toHaveLength(18);
    const three = r.messages[15]?.content;
    expect(Array.isArray(three) && three.filter((b) => b.type === 'tool_use').map((b) => b.name)).toEqual(['read_file', 'write_file', 'read_file']);
  });

  it('says where a record cannot be read, as a path, and reads the rest', () => {
    const parsed2 = parseTranscript(
      session([
        { id: 'u', type: 'user', content: 'go' },
        'not a record',
        { id: 'g', type: 'gemini', content: 'done', toolCalls: { id: 'x' } },
        { id: 'h', type: 'gemini', content: '', toolCalls: [7, { id: 'c', name: 'ls', args: {}, result: [{ functionResponse: { id: 'c', name: 'ls', response: { output: 'a' } } }], status: 'success' }] },
        { id: 'k', type: 'tool_group', content: 'x' },
      ]),
    );
    expect(parsed2.warnings.map((w) => w.message)).toEqual([
      'messages[1] skipped: not a JSON object.',
      'messages[2].toolCalls is not a list: its calls are not shown.',
      'messages[3].toolCalls[0] skipped: not an object.',
      'Skipped 1 record of unknown type `tool_group` (first at messages[4]): it may hold conversation content.',
    ]);
    expect(linkToolCalls(parsed2.conversations[0]!.messages).pairs).toHaveLength(1);
  });
});

describe('Gemini CLI session JSONL (v0.39+)', () => {
  const parsed = parseTranscript(fixture('gemini-cli-sample.jsonl'));
  const c = parsed.conversations[0]!;

  it('a re-appended record replaces the earlier one in its place; a rewind undoes what followed', () => {
    expect(c.messages[1]?.content).toEqual([{ type: 'tool_use', id: 'run_shell_command-1-a', name: 'run_shell_command', input: { command: 'npm test' } }]);
    expect(c.sourceLines?.slice(0, 3)).toEqual([[2, 3], [4, 5, 6, 7], [4, 5, 6, 7]]);
    expect(parsed.skipped).toEqual([
      { type: '$set', count: 1 },
      { type: '$rewindTo', count: 1 },
      { type: 'rewound', count: 1 },
    ]);
  });

  it('a $set.messages checkpoint is a compaction boundary, its list after it, the summary it adds marked', () => {
    expect(c.boundaries).toMatchObject([{ messageIndex: 3, kind: 'checkpoint', line: 8 }]);
    expect(c.messages.slice(3).map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => b.text).join()))).toEqual([
      'Fix the failing test',
      '<state_snapshot>The user asked to fix a failing snapshot test.</state_snapshot>',
      'Updating the snapshot.',
    ]);
    expect(c.annotations?.[4]).toEqual({ compactSummary: true });
    expect(c.annotations?.[3]).toBeUndefined();
    expect(c.sourceLines?.slice(3)).toEqual([[8], [8], [9]]);
    expect(c.envelope).toEqual({ ...META, sessionId: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', projectHash: '4e6f8a0b', startTime: '2026-05-01T09:00:00.000Z', lastUpdated: '2026-05-01T09:00:00.000Z', kind: 'main' });
  });

  it('an unknown rewind target clears the list; lines that are no record are warned about once', () => {
    const text = lines(META, { id: 'a', type: 'user', content: 'one' }, { $rewindTo: 'zzz' }, { id: 'b', type: 'user', content: 'two' }, { foo: 1 }, { foo: 2 });
    const p = parseTranscript(text);
    expect(p.conversations[0]!.messages).toEqual([{ role: 'user', content: 'two' }]);
    expect(p.warnings).toEqual([{ line: 5, message: 'Skipped 2 lines that are neither a message (with `id` and `type`) nor `$set` / `$rewindTo` (keys foo; first at line 5).' }]);
  });

  it('calls and responses rebuilt from API history without ids pair by name and order', () => {
    const text = lines(META, {
      $set: {
        messages: [
          { id: 'u', type: 'user', content: [{ text: 'read both' }] },
          { id: 'g', type: 'gemini', content: [{ functionCall: { name: 'read_file', args: { p: 'a' } } }, { functionCall: { name: 'read_file', args: { p: 'b' } } }] },
          { id: 'r', type: 'user', content: [{ functionResponse: { name: 'read_file', response: { output: 'A' } } }, { functionResponse: { name: 'read_file', response: { output: 'B' } } }] },
        ],
      },
    });
    const messages = parseTranscript(text).conversations[0]!.messages;
    const links = linkToolCalls(messages);
    expect(links.orphans).toEqual([]);
    expect(links.pairs).toHaveLength(2);
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'read_file-call-1', content: 'A' },
      { type: 'tool_result', tool_use_id: 'read_file-call-2', content: 'B' },
    ]);
  });
});
