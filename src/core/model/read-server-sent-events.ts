import type { BodyReaderLike } from './types';

interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
type TextDecoderConstructor = new (label?: string) => TextDecoderLike;

/**
 * The `data` of each server-sent event in a response body, in order (multi-line data joined by newlines, comments
 * and other fields skipped), as the bytes arrive. `onChunk` is called for each chunk read, so a caller can restart
 * an idle timer. Lines may end in LF, CRLF or CR, and a chunk may end anywhere, even inside a character.
 */
export async function* readServerSentEvents(reader: BodyReaderLike, onChunk: () => void): AsyncGenerator<string> {
  const Decoder = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
  if (Decoder === undefined) throw new Error('readServerSentEvents: this runtime has no TextDecoder');
  const decoder = new Decoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  const takeLine = (line: string): string | undefined => {
    if (line === '') {
      const event = data.length > 0 ? data.join('\n') : undefined;
      data = [];
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return undefined;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
    return undefined;
  };
  for (;;) {
    const { done, value } = await reader.read();
    onChunk();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the chunk's end may be half of a CRLF: wait for the next chunk to know.
      if (c === 13 && i === buffer.length - 1 && !done) break;
      const event = takeLine(buffer.slice(start, i));
      if (c === 13 && buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
      if (event !== undefined) yield event;
    }
    buffer = buffer.slice(start);
    if (done) {
      // A stream may end without the blank line after its last event.
      if (buffer !== '') takeLine(buffer);
      const last = takeLine('');
      if (last !== undefined) yield last;
      return;
    }
  }
}
