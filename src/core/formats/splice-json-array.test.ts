import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextStyle } from './json-text-style';
import { locateJson } from './locate-json';
import { spliceJsonArray, type SplicedItem } from './splice-json-array';
import { stringifyJsonStyled } from './stringify-json-styled';

const value = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const record = fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 4 });
const indent = fc.constantFrom(undefined, 2, 4, '\t');

/** Python's `json.dumps(v)` defaults: `", "` and `": "`, non-ASCII escaped. */
const pythonDumps = (v: unknown): string =>
  stringifyJsonStyled(v, { indent: '', afterColon: ' ', afterComma: ' ', asciiOnly: true, htmlEscaped: false });

describe('locateJson', () => {
  it('finds a value by path, and the elements of an array', () => {
    const text = '{"a": 1, "messages" : [ {"x":[1,2]} , "s\\"]" ,3 ], "b": {"c": [true]}}';
    const messages = locateJson(text, ['messages']);
    expect(text.slice(messages?.start, messages?.end)).toBe('[ {"x":[1,2]} , "s\\"]" ,3 ]');
    expect(messages?.elements?.map((e) => text.slice(e.start, e.end))).toEqual(['{"x":[1,2]}', '"s\\"]"', '3']);
    const c = locateJson(text, ['b', 'c', 0]);
    expect(text.slice(c?.start, c?.end)).toBe('true');
    expect(locateJson(text, ['nope'])).toBeUndefined();
    expect(locateJson(text, ['messages', 7])).toBeUndefined();
    expect(locateJson('[1, 2', [])).toBeUndefined();
  });
});

describe('spliceJsonArray', () => {
  it('gives the text itself back when every element is kept, whatever the writer', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 5 }), indent, (list, space) => {
        for (const text of [JSON.stringify(list, null, space), `${JSON.stringify({ id: 'c', messages: list }, null, space)}\n`, pythonDumps(list)]) {
          const path = text.startsWith('{') ? ['messages'] : [];
          const array = locateJson(text, path);
          if (array === undefined) throw new Error('not found');
          const items = list.map((_, element) => ({ element }));
          expect(spliceJsonArray(text, array, items, jsonTextStyle(text), path.length)).toBe(text);
        }
      }),
    );
  });

  it('writes what the writer would have written for any selection and new values (JSON.stringify, json.dumps)', () => {
    const pick = fc.array(fc.oneof(fc.nat({ max: 9 }).map((n) => ({ n })), record.map((v) => ({ v }))), { maxLength: 7 });
    fc.assert(
      fc.property(fc.array(record, { minLength: 0, maxLength: 6 }), pick, indent, (list, picks, space) => {
        const items: SplicedItem[] = [];
        const expected: unknown[] = [];
        let next = 0;
        for (const p of picks) {
          if ('n' in p) {
            // Kept elements stay in order: take the next one at or after the picked index.
            const element = Math.max(next, p.n);
            if (element >= list.length) continue;
            items.push({ element });
            expected.push(list[element]);
            next = element + 1;
          } else {
            items.push({ value: p.v });
            expected.push(p.v);
          }
        }
        const writers: [(v: unknown) => string, string[]][] = [
          [(v) => JSON.stringify(v, null, space), []],
          [(v) => `${JSON.stringify({ id: 'c', messages: v }, null, space)}\n`, ['messages']],
          [pythonDumps, []],
        ];
        for (const [write, path] of writers) {
          const text = write(list);
          const array = locateJson(text, path);
          if (array === undefined) throw new Error('not found');
          const spliced = spliceJsonArray(text, array, items, jsonTextStyle(text), path.length);
          expect(JSON.parse(spliced)).toEqual(JSON.parse(write(expected)));
          // A source too small to show its spacing (`[]`, `[{}]`) leaves nothing to copy: only the parse is held then.
          const shown = jsonTextStyle(text);
          if (list.length > 0 && JSON.stringify(shown) === JSON.stringify(jsonTextStyle(write(expected)))) expect(spliced).toBe(write(expected));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes non-ASCII the way the file does', () => {
    const text = pythonDumps([{ role: 'user', content: 'café' }]);
    expect(text).toBe('[{"role": "user", "content": "caf\\u00e9"}]');
    const array = locateJson(text, []);
    if (array === undefined) throw new Error('not found');
    expect(spliceJsonArray(text, array, [{ element: 0 }, { value: { content: '57°F <b>' } }], jsonTextStyle(text), 0)).toBe(
      '[{"role": "user", "content": "caf\\u00e9"}, {"content": "57\\u00b0F <b>"}]',
    );
  });
});
