import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './read-server-sent-events';
import type { BodyReaderLike } from './types';

function readerOf(chunks: readonly Uint8Array[]): BodyReaderLike {
  let next = 0;
  return {
    read: () => Promise.resolve(next < chunks.length ? { done: false, value: chunks[next++] } : { done: true }),
    cancel: () => Promise.resolve(),
  };
}

async function eventsOf(chunks: readonly Uint8Array[]): Promise<string[]> {
  const events: string[] = [];
  for await (const data of readServerSentEvents(readerOf(chunks), () => undefined)) events.push(data);
  return events;
}

/** Bytes cut at the given offsets (sorted, deduplicated, inside the text). */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const at = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const end of [...at, bytes.length]) {
    chunks.push(bytes.subarray(start, end));
    start = end;
  }
  return chunks;
}

describe('readServerSentEvents', () => {
  it('reads data lines, joins multi-line data, skips comments and other fields, and a last event with no blank line', async () => {
    const text = ': keep-alive\nevent: delta\nid: 3\ndata: {"a":1}\n\ndata: line one\ndata:line two\nretry: 10\n\ndata\n\ndata: last';
    expect(await eventsOf([new TextEncoder().encode(text)])).toEqual(['{"a":1}', 'line one\nline two', '', 'last']);
  });

  it('gives the same events however the bytes are cut, with LF, CRLF or CR line ends and characters of any width', async () => {
    const payload = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ''));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(payload, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(400), { maxLength: 12 }), async (events, eol, offsets) => {
        // Events of several data lines: a line end read as two (a CRLF cut between its bytes) would split them.
        const text = events.map((lines) => `event: x${eol}${lines.map((line) => `data: ${line}${eol}`).join('')}${eol}`).join('');
        const bytes = new TextEncoder().encode(text);
        // A data value that starts with a space loses one space only (the one after the colon), as the spec says.
        expect(await eventsOf(cut(bytes, offsets))).toEqual(events.map((lines) => lines.join('\n')));
      }),
      { numRuns: 300 },
    );
  });
});
