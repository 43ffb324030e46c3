import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spansOfList } from './spans-of-list';
import { writeJsonList } from './write-json-list';
import { pythonDumps } from '../../../test/support/python-json';

/** Each writer, and whether it escapes non-ASCII (what a reader tells `spansOfList`, knowing the program). */
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

describe('spansOfList and writeJsonList', () => {
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
          const spans = spansOfList(text, nested ? ['values', 'messages'] : [], parsedList, python);
          if (spans === undefined) throw new Error('no spans');
          expect(writeJsonList(spans, parsedList)).toBe(text);

          const kept = parsedList.filter((_, i) => keep[i]);
          const items = [...kept, added];
          const written = writeJsonList(spans, items);
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
    const spans = spansOfList(text, ['history'], value.history, false);
    if (spans === undefined) throw new Error('no spans');
    const out = writeJsonList(spans, [value.history[0], { role: 'user', content: 'thé' }]);
    expect(out).toBe(
      '{\n    "history": [\n        {"role": "user", "timeout": 180.0, "content": "caf\\u00e9"},\n        {\n            "role": "user",\n            "content": "th\\u00e9"\n        }\n    ],\n    "info": {"cost": 0.0}\n}',
    );
    expect(writeJsonList(spans, [])).toBe('{\n    "history": [],\n    "info": {"cost": 0.0}\n}');
  });

  it('finds the list where the path says, the last of a repeated key as JSON.parse does, and gives up when it cannot', () => {
    const text = '{"messages": [1], "messages": [{"a": "]"}, {"b": "\\"}"}]}';
    const list = (JSON.parse(text) as { messages: unknown[] }).messages;
    const spans = spansOfList(text, ['messages'], list, false);
    expect([...(spans?.spans.values() ?? [])].map(([s, e]) => text.slice(s, e))).toEqual(['{"a": "]"}', '{"b": "\\"}"}']);
    expect(spansOfList(undefined, ['messages'], list, false)).toBeUndefined();
    expect(spansOfList(text, ['missing'], list, false)).toBeUndefined();
    expect(spansOfList(text, ['messages'], [...list, {}], false)).toBeUndefined();
    expect(spansOfList('[1, 2]', [], [1, 2], false)).toBeUndefined();
    const snapshot = '[{"messages": [{"x": 1}]}, ["tools"], {}, {}, null, null]';
    const values = JSON.parse(snapshot) as [{ messages: unknown[] }];
    expect(spansOfList(snapshot, [0, 'messages'], values[0].messages, false)?.open).toBe(14);
  });

  it('a text with non-ASCII written raw keeps writing it raw, whatever the reader guessed', () => {
    const text = '[{"content": "déjà"}]';
    const list = JSON.parse(text) as unknown[];
    const spans = spansOfList(text, [], list, true);
    if (spans === undefined) throw new Error('no spans');
    expect(writeJsonList(spans, [...list, { content: 'vu' }, { content: 'ça' }])).toBe('[{"content": "déjà"}, {"content": "vu"}, {"content": "ça"}]');
  });
});
