import fc from 'fast-check';
import { Tokenizer } from 'ai-tokenizer';
import * as claude from 'ai-tokenizer/encoding/claude';
import * as o200kBase from 'ai-tokenizer/encoding/o200k_base';
import * as cl100kBase from 'ai-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { countByLines } from './count-by-lines';
import { createTokenCounter } from './create-token-counter';

type Data = ConstructorParameters<typeof Tokenizer>[0];
const vocabularies = { claude, o200k_base: o200kBase, cl100k_base: cl100kBase } as unknown as Record<string, Data>;

/** Lines of the characters each pre-tokenizer treats specially around a newline: spaces, CR, slashes, punctuation, contractions, digits, non-ASCII. */
const piece = fc.constantFrom('\n', '\n', '\n', '\r\n', ' ', '  ', '\t', '\u00a0', '/', '.', '}', "'s", 'a', 'Word', 'x1', '123', 'é', '日本', '🙂', '->', '\u2028', '\n\n', ' \n', 'abcdefghijklmnop');
const text = fc.array(piece, { maxLength: 80 }).map((parts) => parts.join(''));

describe('countByLines', () => {
  it.each(Object.keys(vocabularies))('counts exactly what %s counts for the whole text', (name) => {
    const tokenizer = new Tokenizer(vocabularies[name] as Data);
    const raw = (t: string) => tokenizer.encode(t, 'all').length;
    const cache = new Map<string, number>();
    fc.assert(fc.property(text, (t) => countByLines(t, raw, cache) === raw(t)), { numRuns: 3000 });
  });

  it.each([
    ['a slash after the newline (o200k joins punctuation, newlines and slashes)', 'some words here}\n//comment goes here ok'],
    ['a space before the newline', 'some words here   \n\nnext paragraph here'],
    ['a space after the newline', 'some words here.\n  indented line follows'],
  ])('counts %s as the vocabularies do', (_, t) => {
    for (const data of Object.values(vocabularies)) {
      const tokenizer = new Tokenizer(data);
      const raw = (x: string) => tokenizer.encode(x, 'all').length;
      expect(countByLines(t, raw, new Map())).toBe(raw(t));
    }
  });

  it('remembers a repeated line instead of counting it again', () => {
    const seen: string[] = [];
    const raw = (t: string) => {
      seen.push(t);
      return t.length;
    };
    const cache = new Map<string, number>();
    const line = 'const answer = 42;\n';
    countByLines(line.repeat(4) + 'the end of it all', raw, cache);
    expect(seen.filter((t) => t === line)).toHaveLength(1);
    expect(cache.get(line)).toBe(line.length);
  });

  it('a counter made by createTokenCounter counts a repetitive text as the vocabulary does', async () => {
    const counter = await createTokenCounter({ encoding: 'o200k_base' });
    const tokenizer = new Tokenizer(o200kBase as unknown as Data);
    const log = Array.from({ length: 300 }, (_, i) => `line ${i % 7}: status ok /path/to/file.ts\n`).join('');
    expect(counter.count(log)).toBe(tokenizer.encode(log, 'all').length);
  });
});
