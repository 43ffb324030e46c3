import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportJsonRecords } from './export-json-records';
import type { ConversationOf } from './format-types';
import { locateJson } from './locate-json';
import { pythonDumps } from '../../../test/support/python-json';

/** Each writer, and whether it escapes non-ASCII (what a format tells `exportJsonRecords`, knowing the program). */
const STYLES: [string, (value: unknown) => string, boolean][] = [
  ['JSON.stringify, indent 2', (v) => JSON.stringify(v, null, 2), false],
  ['JSON.stringify, one line', (v) => JSON.stringify(v), false],
  ['json.dumps, indent 4', (v) => pythonDumps(v, 4), true],
  ['json.dumps, one line', (v) => pythonDumps(v), true],
];

const record = fc.record({
  role: fc.constantFrom('user', 'assistant', 'tool'),
  content: fc.oneof(fc.string(), fc.constant('héllo “quoted” \\ "back" \n'), fc.constant('')),
  extra: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }))), { nil: undefined }),
});

/** A conversation read from `text` whose list at `path` is `list`, one message per record, as a list format reads it. */
function readFrom(text: string | undefined, path: (string | number)[], list: readonly unknown[]): ConversationOf {
  const conversation: ConversationOf = {
    id: 'c',
    title: 'c',
    format: 'test',
    messages: list.map(() => ({ role: 'user', content: '' })),
    sources: list.map((r) => [r]),
    layout: path.length === 0 ? { kind: 'array' } : { kind: 'object', key: String(path[path.length - 1]), path },
  };
  if (text !== undefined) conversation.sourceText = text;
  return conversation;
}

const write = (text: string | undefined, path: (string | number)[], list: readonly unknown[], items: readonly unknown[], escapesNonAscii = false): string =>
  exportJsonRecords(readFrom(text, path, list), items, undefined, escapesNonAscii).text;

describe('exportJsonRecords', () => {
  it.each(STYLES)('%s: every record kept gives the text back; a subset and new records read back as written, in the same style', (_, dump, python) => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        record,
        fc.boolean(),
        (list, keep, added, nested) => {
          const document = nested ? { before: { list: [1] }, values: { messages: list, after: 'x' }, tail: 2.5 } : list;
          const text = dump(document);
          const parsed = JSON.parse(text) as typeof document;
          const parsedList = (Array.isArray(parsed) ? parsed : parsed.values.messages) as unknown[];
          const path = nested ? ['values', 'messages'] : [];
          expect(write(text, path, parsedList, parsedList, python)).toBe(text);

          const kept = parsedList.filter((_, i) => keep[i]);
          const items = [...kept, added];
          const written = write(text, path, parsedList, items, python);
          const back = JSON.parse(written) as typeof document;
          expect(Array.isArray(back) ? back : back.values.messages).toEqual(JSON.parse(JSON.stringify(items)));
          if (!Array.isArray(back) && !Array.isArray(parsed)) expect({ ...back, values: { ...back.values, messages: [] } }).toEqual({ ...parsed, values: { ...parsed.values, messages: [] } });
          // Written in the document's style: dumping the new document the same way gives the same text.
          expect(written).toBe(dump(nested ? { ...(parsed as object), values: { ...(parsed as { values: object }).values, messages: items } } : items));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('copies kept records byte for byte, floats and escapes as the file had them', () => {
    const text = '{\n    "history": [\n        {"role": "user", "timeout": 180.0, "content": "caf\\u00e9"},\n        {"role": "assistant", "content": "ok"}\n    ],\n    "info": {"cost": 0.0}\n}';
    const value = JSON.parse(text) as { history: unknown[] };
    const out = write(text, ['history'], value.history, [value.history[0], { role: 'user', content: 'thé' }]);
    expect(out).toBe(
      '{\n    "history": [\n        {"role": "user", "timeout": 180.0, "content": "caf\\u00e9"},\n        {\n            "role": "user",\n            "content": "th\\u00e9"\n        }\n    ],\n    "info": {"cost": 0.0}\n}',
    );
    expect(write(text, ['history'], value.history, [])).toBe('{\n    "history": [],\n    "info": {"cost": 0.0}\n}');
  });

  it('finds the list where the path says, the last of a repeated key as JSON.parse does, and writes the document anew when it cannot', () => {
    const text = '{"messages": [1], "messages": [{"a": "]"}, {"b": "\\"}"}]}';
    const list = (JSON.parse(text) as { messages: unknown[] }).messages;
    expect(locateJson(text, ['messages'])?.elements?.map(({ start, end }) => text.slice(start, end))).toEqual(['{"a": "]"}', '{"b": "\\"}"}']);
    expect(write(text, ['messages'], list, list)).toBe(text);
    const anew = JSON.stringify({ messages: list }, null, 2);
    expect(write(undefined, ['messages'], list, list)).toBe(anew);
    expect(locateJson(text, ['missing'])).toBeUndefined();
    expect(write(text, ['missing'], list, list)).toBe(JSON.stringify({ missing: list }, null, 2));
    // The conversation's records are not the list's elements: nothing tells which element is which.
    expect(write(text, ['messages'], [...list, {}], list)).toBe(anew);
    expect(write('[1, 2]', [], [1, 2], [1, 2])).toBe('[1, 2]');
    const snapshot = '[{"messages": [{"x": 1}]}, ["tools"], {}, {}, null, null]';
    expect(locateJson(snapshot, [0, 'messages'])?.start).toBe(14);
  });

  it('a text with non-ASCII written raw keeps writing it raw, whatever the format says of its writer', () => {
    const text = '[{"content": "déjà"}]';
    const list = JSON.parse(text) as unknown[];
    expect(write(text, [], list, [...list, { content: 'vu' }, { content: 'ça' }], true)).toBe('[{"content": "déjà"}, {"content": "vu"}, {"content": "ça"}]');
  });
});
