import { isSpace } from '../text/is-space';

/** Segments shorter than this are never cut off: ai-tokenizer maps a text under 10 characters that is one vocabulary entry straight to it, skipping the pre-tokenizer, so a short segment could count differently alone. */
const MIN_SEGMENT = 16;
/** Longer segments are counted but not remembered: long lines rarely repeat, and the cache stays small. */
const MAX_CACHED_LENGTH = 400;
const MAX_CACHED = 250_000;
const SLASH = 47;

/**
 * `rawCount(text)`, counted line by line with each line's count remembered in `cache`: agent transcripts repeat lines
 * by the thousand (a file read again, a log, the same reminder), and a repeated line then costs a lookup instead of
 * a tokenizer pass.
 *
 * Exact for the pre-tokenizers of ai-tokenizer's vocabularies (`claude`, `o200k_base`, `cl100k_base`): a text is cut
 * only after a newline that has a non-space on both sides and no `/` after it, where every one of their patterns ends
 * a piece (a letter piece's optional prefix is never a newline; whitespace pieces stop at the non-space; o200k's
 * punctuation piece swallows newlines and slashes after it, hence no `/`), and byte-pair merging never crosses a piece.
 */
export function countByLines(text: string, rawCount: (text: string) => number, cache: Map<string, number>): number {
  let total = 0;
  let last = 0;
  for (let at = text.indexOf('\n', MIN_SEGMENT - 1); at !== -1 && at + 1 <= text.length - MIN_SEGMENT; at = text.indexOf('\n', at + 1)) {
    const end = at + 1;
    if (end - last < MIN_SEGMENT || isSpace(text.charCodeAt(at - 1)) || isSpace(text.charCodeAt(end)) || text.charCodeAt(end) === SLASH) continue;
    total += remembered(text.slice(last, end), rawCount, cache);
    last = end;
  }
  return total + (last === 0 ? rawCount(text) : remembered(text.slice(last), rawCount, cache));
}

function remembered(segment: string, rawCount: (text: string) => number, cache: Map<string, number>): number {
  if (segment.length > MAX_CACHED_LENGTH) return rawCount(segment);
  let tokens = cache.get(segment);
  if (tokens === undefined) {
    tokens = rawCount(segment);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(segment, tokens);
  }
  return tokens;
}
