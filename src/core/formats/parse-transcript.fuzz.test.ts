import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse-transcript';
import { serializeTranscript } from './serialize-transcript';
import { TranscriptParseError } from './transcript-parse-error';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');
const SMALL = ['spotter-short.jsonl', 'spotter-tool-heavy.jsonl', 'openhands-sdk-fncall-llm-message.json'].map(fixture);
const openhands = JSON.parse(fixture('openhands-sdk-fncall-llm-message.json')) as unknown[];
const SMALL_JSON = [...SMALL, JSON.stringify(openhands.slice(0, 5)), JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] })];

/** Parses, and on success also writes every conversation back and reads it again. */
function parseOrParseError(text: string): void {
  try {
    const parsed = parseTranscript(text);
    for (const c of parsed.conversations) {
      const back = parseTranscript(serializeTranscript(c, c.messages).text);
      expect(back.conversations[0]?.messages ?? []).toEqual(c.messages);
    }
  } catch (error) {
    if (!(error instanceof TranscriptParseError)) throw error;
  }
}

describe('parseTranscript on damaged real files', () => {
  it('a file cut anywhere either reads (and round-trips) or is a TranscriptParseError', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SMALL_JSON), fc.double({ min: 0, max: 1, noNaN: true }), (text, cut) => {
        parseOrParseError(text.slice(0, Math.floor(text.length * cut)));
      }),
      { numRuns: 300 },
    );
  });

  it('a file with characters overwritten either reads (and round-trips) or is a TranscriptParseError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SMALL_JSON),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\n', 'null', '0', ' ')), {
          minLength: 1,
          maxLength: 4,
        }),
        (text, edits) => {
          let damaged = text;
          for (const [at, ch] of edits) {
            const k = Math.floor(damaged.length * at);
            damaged = damaged.slice(0, k) + ch + damaged.slice(k + 1);
          }
          parseOrParseError(damaged);
        },
      ),
      { numRuns: 300 },
    );
  });
});
