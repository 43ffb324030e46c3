import fc from 'fast-check';

/**
 * Generated Gemini CLI sessions with what real ones hold: a call's result inside the call (success, error,
 * cancelled, an image after the text), calls that never got a response (`result: null` or `[]`), thought summaries,
 * `tokens: null`, call ids reused across records (never within one), `info`/`error` records and slash commands; and
 * for JSONL (v0.39+) records appended again with their tokens, `$set` metadata lines, `$rewindTo` and `$set.messages`
 * checkpoints. `text` is the file as gemini-cli writes it: `JSON.stringify(session, null, 2)` with no final newline,
 * or one JSON record a line.
 */
export interface GeminiSessionCase {
  text: string;
  jsonl: boolean;
}

type Rec = Record<string, unknown>;

const words = fc.constantFrom('fix the test', 'Reading the file.', 'done', 'x'.repeat(300), 'naïve café ☕', 'two\nlines');
const callIds = fc.constantFrom('read_file-1', 'run_shell_command-2', 'read_file-3', 'glob-4');

const result = fc.oneof(
  fc.constantFrom('a.txt\nb.txt', '', 'x'.repeat(2000)).map((output) => ({ status: 'success', response: { output } })),
  fc.constant({ status: 'error', response: { error: 'File not found.' } }),
  fc.constant({ status: 'cancelled', response: { error: '[Operation Cancelled] Reason: User did not allow tool call' } }),
  fc.constant({ status: 'success', response: { output: 'Binary content of type image/png was processed.' }, image: true }),
  fc.constant({ status: 'error', response: null }),
  fc.constant({ status: 'cancelled', response: undefined }),
);

const call = (id: string) =>
  result.map((r): Rec => {
    const parts =
      r.response === null ? null : r.response === undefined ? [] : [{ functionResponse: { id, name: id.split('-')[0], response: r.response } }, ...('image' in r ? [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] : [])];
    return { id, name: id.split('-')[0], args: { path: id }, result: parts, status: r.status, timestamp: '2025-12-01T10:00:00.000Z' };
  });

const tokens = fc.option(
  fc.record({ input: fc.nat({ max: 20_000 }), output: fc.nat({ max: 500 }), cached: fc.nat({ max: 5_000 }), thoughts: fc.nat({ max: 300 }), tool: fc.constant(0) }),
  { nil: null },
);

const gemini = fc
  .record({
    thoughts: fc.array(fc.record({ subject: fc.constantFrom('', 'Planning'), description: words }), { maxLength: 2 }),
    content: fc.oneof(fc.constant(''), words),
    calls: fc.uniqueArray(callIds, { maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(call))),
    tokens,
    model: fc.constantFrom('gemini-2.5-pro', 'gemini-2.5-flash'),
  })
  // gemini-cli writes a record only for a response that said or called something.
  .filter((g) => g.content !== '' || g.calls.length > 0 || g.thoughts.length > 0)
  .map((g): Rec => ({
    type: 'gemini',
    content: g.content,
    ...(g.calls.length > 0 ? { toolCalls: g.calls } : {}),
    thoughts: g.thoughts.map((t) => ({ ...t, timestamp: '2025-12-01T10:00:00.000Z' })),
    tokens: g.tokens,
    model: g.model,
  }));

const user = fc.oneof(
  { weight: 4, arbitrary: words.map((content): Rec => ({ type: 'user', content })) },
  { weight: 2, arbitrary: words.map((text): Rec => ({ type: 'user', content: [{ text }] })) },
  { weight: 1, arbitrary: fc.constantFrom('/stats', '?').map((content): Rec => ({ type: 'user', content })) },
);
const ui = fc.constantFrom('info', 'error', 'warning').map((type): Rec => ({ type, content: 'Request cancelled.' }));
const record = fc.oneof({ weight: 5, arbitrary: gemini }, { weight: 3, arbitrary: user }, { weight: 1, arbitrary: ui });

/** What a JSONL session does between two records. */
const event = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'set' as const }) },
  { weight: 2, arbitrary: fc.nat({ max: 20 }).map((back) => ({ kind: 'reappend' as const, back })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rewind' as const }) },
  { weight: 1, arbitrary: fc.nat({ max: 5 }).map((keep) => ({ kind: 'checkpoint' as const, keep })) },
);

export const geminiSessionCase: fc.Arbitrary<GeminiSessionCase> = fc
  .record({ first: words, records: fc.array(fc.tuple(record, event), { minLength: 1, maxLength: 14 }), jsonl: fc.boolean() })
  .map(({ first, records, jsonl }) => {
    const stamp = (k: number): string => new Date(Date.UTC(2025, 11, 1, 10, 0, k)).toISOString();
    const list: Rec[] = [{ id: 'm0', timestamp: stamp(0), type: 'user', content: first }];
    records.forEach(([r], k) => list.push({ id: `m${k + 1}`, timestamp: stamp(k + 1), ...r }));
    const meta = { sessionId: 'c0ffee00-0000-4000-8000-000000000000', projectHash: 'ab'.repeat(32), startTime: stamp(0), lastUpdated: stamp(list.length) };
    if (!jsonl) return { text: JSON.stringify({ ...meta, messages: list }, null, 2), jsonl };

    const lines: Rec[] = [meta, list[0] as Rec];
    let current: Rec[] = [list[0] as Rec];
    records.forEach(([, e], k) => {
      const r = list[k + 1] as Rec;
      lines.push(r);
      current.push(r);
      if (e.kind === 'set') lines.push({ $set: { lastUpdated: r.timestamp } });
      else if (e.kind === 'reappend') {
        // A record written again (its tokens came later), maybe after others and after a checkpoint listed it.
        const earlier = current[Math.max(0, current.length - 1 - e.back)] as Rec;
        const again = earlier.type === 'gemini' ? { ...earlier, tokens: { input: 100 + k, output: 1, cached: 0, thoughts: 0, tool: 0, total: 101 + k } } : { ...earlier };
        lines.push(again);
        current = current.map((c) => (c.id === earlier.id ? again : c));
      } else if (e.kind === 'rewind' && current.length > 1) {
        lines.push({ $rewindTo: r.id });
        current = current.filter((c) => c.id !== r.id);
      } else if (e.kind === 'checkpoint') {
        const kept = [...current.slice(0, e.keep), { id: `s${k}`, timestamp: r.timestamp, type: 'user', content: [{ text: `<state_snapshot>summary ${k}</state_snapshot>` }] }];
        lines.push({ $set: { messages: kept, lastUpdated: r.timestamp } });
        current = [...kept];
      }
    });
    return { text: lines.map((line) => `${JSON.stringify(line)}\n`).join(''), jsonl };
  });
