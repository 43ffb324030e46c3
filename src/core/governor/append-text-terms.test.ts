import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { groupMessages } from '../links/group-messages';
import { appendTextTerms, REMEMBERED_CHARS, type RememberedTerms } from './append-text-terms';
import { buildContextUnits } from './build-context-units';
import { buildTfidfIndex, type TfidfIndex } from './build-tfidf-index';
import { rememberedTermsOf } from './remembered-terms-of';
import { hashTerms, type TermSink } from './hash-terms';
import { assistant, toolResult, toolUse, user } from '../../../test/support/build-messages';

const read = (text: string, take: number): number[] => {
  const sink: TermSink = { terms: new Int32Array(2), length: 0 };
  hashTerms(text, 0, take, sink);
  return Array.from(sink.terms.subarray(0, sink.length));
};

const remembered = (record: RememberedTerms, visit: number, text: string, take: number): number[] => {
  const sink: TermSink = { terms: new Int32Array(2), length: 0 };
  appendTextTerms(record, visit, text, take, sink);
  return Array.from(sink.terms.subarray(0, sink.length));
};

// Pieces that put every word boundary of `hashTerms` next to a cut: camelCase humps, capitals in a row, digits before
// a capital, plurals (s, ss), stopwords, one-letter words, non-Latin letters and every kind of separator.
const piece = fc.constantFrom(
  'team', 'Teams', 'TeamSheet', 'getTeamsWithStats', 'HTTPServer', 'v2Beta', 'class', 'classes', 'the', 'these', 'a', 'x',
  'ÉtéCafé', 'данные', '日本語', '42', 'src/core/index.ts', 'use_team-sheet', ' ', '  ', '\n', '.', '-', '_', '/', '(', 'S', 'ss',
);
const text = fc.array(piece, { maxLength: 400, size: 'max' }).map((pieces) => pieces.join(''));

describe('appendTextTerms', () => {
  it('appends what hashTerms reads up to each cut, for cuts in any order on one remembered text', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (t, cuts) => {
        const record: RememberedTerms = [];
        for (const cut of cuts) {
          const take = cut % (t.length + 1);
          expect(remembered(record, 0, t, take)).toEqual(read(t, take));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('cuts inside a word give the head of that word, as hashTerms would', () => {
    const record: RememberedTerms = [];
    const t = 'alpha getTeamsWithStats omega';
    expect(remembered(record, 0, t, t.length)).toEqual(read(t, t.length));
    for (const take of [8, 9, 10, 13, 14, 16, 20]) expect(remembered(record, 0, t, take)).toEqual(read(t, take));
    expect(remembered(record, 0, t, 9)).toContain(read('getT', 4)[0]);
  });

  it('reads a text again when the message holds another text at that place, and reads past the remembered head', () => {
    const record: RememberedTerms = [];
    expect(remembered(record, 0, 'alpha beta', 10)).toEqual(read('alpha beta', 10));
    expect(remembered(record, 0, 'gamma delta', 11)).toEqual(read('gamma delta', 11));
    expect(remembered(record, 1, 'alpha beta', 10)).toEqual(read('alpha beta', 10));
    const long = 'word '.repeat(400);
    expect(remembered(record, 2, long, REMEMBERED_CHARS + 500)).toEqual(read(long, REMEMBERED_CHARS + 500));
    expect(remembered(record, 2, long, REMEMBERED_CHARS)).toEqual(read(long, REMEMBERED_CHARS));
  });
});

describe('buildTfidfIndex with remembered terms', () => {
  const build = (messages: Message[]) => buildTfidfIndex(messages, buildContextUnits(groupMessages(messages)));
  /** The first field that differs ('' when none): arrays of a few hundred thousand entries, compared without a diff. */
  const difference = (a: TfidfIndex, b: TfidfIndex): string => {
    if (a.unitCount !== b.unitCount || a.bucketMask !== b.bucketMask) return 'size';
    const arrays = ['documentFrequency', 'postingStart', 'postingUnit', 'postingWeight', 'norm'] as const;
    for (const name of arrays) {
      const [x, y] = [a[name], b[name]];
      if (x.length !== y.length) return `${name}.length`;
      for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return `${name}[${k}]`;
    }
    return '';
  };
  const sameAsFresh = (messages: Message[]) => expect(difference(build(messages), build(structuredClone(messages)))).toBe('');
  // Long texts and several texts per unit, so that a unit's budget runs out inside a text as well as at its end.
  const long = fc.array(piece, { minLength: 50, maxLength: 600, size: 'max' }).map((pieces) => pieces.join(''));
  const message = fc.oneof(
    long.map((t) => user(t)),
    fc.tuple(long, long).map(([a, b]): Message => ({ role: 'assistant', content: [{ type: 'text', text: a }, { type: 'thinking', thinking: b, signature: '' }] })),
    fc.tuple(long, long, long).map(([name, path, result]): Message[] => [
      { role: 'assistant', content: [toolUse('t', name.slice(0, 40) || 'Read', { file_path: path })] },
      { role: 'user', content: [toolResult('t', result)] },
    ]),
  );
  const transcript = fc.array(message, { minLength: 1, maxLength: 30 }).map((parts) =>
    parts.flatMap((part, i) => (Array.isArray(part) ? part.map((m) => renameIds(m, i)) : [part])),
  );

  // Short messages shared by every context: the more of them a context holds, the less the index reads of each unit.
  const filler = Array.from({ length: 5000 }, (_, i) => user(`filler${i % 50} note`));

  it('equals the index built from fresh copies, over contexts that share message objects and cut them anywhere', () => {
    fc.assert(
      fc.property(transcript, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(filler.length)), { minLength: 1, maxLength: 5 }), (messages, windows) => {
        for (const [a, b, padding] of windows) {
          const from = a % messages.length;
          const context = [...filler.slice(0, padding), assistant('pad'), ...messages.slice(from, from + 1 + (b % messages.length))];
          sameAsFresh(context);
        }
        sameAsFresh(messages);
      }),
      { numRuns: 40 },
    );
  });

  it('equals a fresh build when the units are many and each reads less (a smaller cut of the same messages)', () => {
    const messages = Array.from({ length: 3000 }, (_, i) => user(`task${i} getTeamsWithStats ${'alphaBeta gammaDelta '.repeat((i % 90) + 1)}`));
    const few = messages.slice(0, 200);
    sameAsFresh(few);
    sameAsFresh(messages);
    sameAsFresh(few);
  });

  // Regression (review): a short text before a long one emptied the message's record on every build, so the long
  // text was hashed again each time.
  it('keeps a long text remembered across builds when a short text comes before it in the message', () => {
    const long = `a command long enough to be remembered: ${'npm run build --workspace packages/core '.repeat(8)}`;
    const message: Message = { role: 'assistant', content: [{ type: 'text', text: 'ok' }, { type: 'text', text: long }] };
    const messages: Message[] = [user('Fix the bug in the parser, please.'), message];
    const terms = () => (rememberedTermsOf(message, false) ?? []).find((entry) => entry instanceof Int32Array);
    build(messages);
    const first = terms();
    expect(first).toBeInstanceOf(Int32Array);
    build(messages);
    expect(terms()).toBe(first);
  });

  // A lookup skipped whenever no text of a message can be remembered (every text read for under 64 characters) would
  // keep a record made at an earlier, shorter read: a replay's context grows past that point.
  it('lets go of a changed text also once the context has grown so large that nothing of it is remembered', () => {
    const big = `output line with words ${'0123456789 '.repeat(9000)}`;
    const result: Message = { role: 'user', content: [toolResult('t1', big)] };
    const call: Message = { role: 'assistant', content: [toolUse('t1', 'Bash', { command: 'npm test' })] };
    const held = () => (rememberedTermsOf(result, false) ?? []).filter((entry) => typeof entry === 'string');
    build([user('Fix the bug in the parser, please.'), call, result]);
    expect(held()).toContain(big);
    (result.content as unknown[])[0] = toolResult('t1', '[cleared]');
    // 40k units: each reads 48 characters, 24 a text.
    const grown = [...Array.from({ length: 40_000 }, (_, i) => user(`note ${i}`)), call, result];
    build(grown);
    expect(held()).not.toContain(big);
  });

  it('lets go of a text once its message is changed in place to a short one, or loses the block', () => {
    const big = `output line with words ${'0123456789 '.repeat(9000)}`;
    const result: Message = { role: 'user', content: [toolResult('t1', big), { type: 'text', text: `a note that is long enough to be remembered: ${'word '.repeat(20)}` }] };
    const messages: Message[] = [user('Fix the bug in the parser, please.'), { role: 'assistant', content: [toolUse('t1', 'Bash', { command: 'npm test' })] }, result];
    const held = () => (rememberedTermsOf(result, false) ?? []).filter((entry) => typeof entry === 'string');
    build(messages);
    expect(held()).toContain(big);
    // Cleared as context editing does: the placeholder is short, the old output must not stay reachable.
    (result.content as unknown[])[0] = toolResult('t1', '[cleared]');
    sameAsFresh(messages);
    expect(held()).not.toContain(big);
    // A later block removed: the text it had is let go, the one still there kept.
    const note = (result.content as { text?: string }[])[1]?.text;
    result.content = [toolResult('t1', big), { type: 'text', text: note as string }];
    build(messages);
    expect(held()).toEqual([big, note]);
    result.content = [toolResult('t1', big)];
    sameAsFresh(messages);
    expect(held()).toEqual([big]);
  });
});

function renameIds(message: Message, i: number): Message {
  if (typeof message.content === 'string') return message;
  return {
    ...message,
    content: message.content.map((block) =>
      block.type === 'tool_use' ? { ...block, id: `u${i}` } : block.type === 'tool_result' ? { ...block, tool_use_id: `u${i}` } : block,
    ),
  };
}
