import { charsTokenCounter } from './chars-token-counter';
import { countByLines } from './count-by-lines';
import { describeValue } from './describe-value';
import { CLAUDE_CONTENT_SCALE } from './framing';
import type { TokenCounter, TokenEncoding } from './types';

/** Turns text into a raw token count of one vocabulary. */
export type VocabularyLoader = (encoding: Exclude<TokenEncoding, 'chars'>) => Promise<(text: string) => number>;

/** Where `createTokenCounter` finds a vocabulary, and what it counts with while one loads or when none can. */
export interface CreateTokenCounterOptions {
  /** The vocabulary. `chars` needs no download and resolves at once. */
  encoding: TokenEncoding;
  /**
   * Where the vocabulary comes from. Default is `ai-tokenizer`, loaded with dynamic `import()` so a bundler puts each
   * encoding (2–8 MB) in its own chunk, fetched the first time it is asked for. Tests and hosts that serve the
   * vocabulary some other way pass their own; such counters are not cached.
   */
  loadVocabulary?: VocabularyLoader;
}

const ENCODINGS: readonly TokenEncoding[] = ['claude', 'o200k_base', 'cl100k_base', 'chars'];

// One load per encoding for the life of the page or worker: the vocabulary is megabytes and parsing it takes time.
const cache = new Map<TokenEncoding, Promise<TokenCounter>>();

/**
 * A token counter for `encoding`, loading its vocabulary the first time (later calls share the same counter).
 *
 * `claude` counts with the Claude 2 vocabulary scaled by `CLAUDE_CONTENT_SCALE` (no newer Claude vocabulary is
 * public; scaled, it lands within a few percent of the API on real sessions, see `framing.ts`). `o200k_base` is the
 * GPT-4o/4.1/5 vocabulary and `cl100k_base` the GPT-4/3.5 one. Special-token strings such as `<|endoftext|>` count as
 * ordinary text, as the APIs treat them in messages.
 *
 * Never rejects for a missing vocabulary: when it cannot be loaded (the optional `ai-tokenizer` package is absent,
 * or its chunk fails to download) the result is the `chars` counter with `fallback` saying what was asked for and
 * why. A failed load is not cached, so a later call tries again.
 *
 * Rejects with a `TypeError` when `encoding` is not one of `claude`, `o200k_base`, `cl100k_base`, `chars`.
 */
export function createTokenCounter(options: CreateTokenCounterOptions): Promise<TokenCounter> {
  const encoding = (options as Partial<CreateTokenCounterOptions> | undefined)?.encoding;
  if (!ENCODINGS.includes(encoding as TokenEncoding)) {
    // Rejected, not thrown: a caller awaiting the counter meets every failure in one place.
    return Promise.reject(
      new TypeError(`createTokenCounter: encoding is ${describeValue(encoding)}; allowed: ${ENCODINGS.join(', ')}.`),
    );
  }
  const known = encoding as TokenEncoding;
  if (known === 'chars') return Promise.resolve(charsTokenCounter);
  const { loadVocabulary } = options;
  if (loadVocabulary !== undefined) return load(known, loadVocabulary, false);
  let pending = cache.get(known);
  if (pending === undefined) {
    pending = load(known, importVocabulary, true).then((counter) => {
      if (counter.fallback !== undefined) cache.delete(known);
      return counter;
    });
    cache.set(known, pending);
  }
  return pending;
}

/** `byLines`: the vocabulary is one of ai-tokenizer's, whose pre-tokenizers `countByLines` is exact for. */
async function load(encoding: Exclude<TokenEncoding, 'chars'>, loadVocabulary: VocabularyLoader, byLines: boolean): Promise<TokenCounter> {
  let raw: (text: string) => number;
  try {
    raw = await loadVocabulary(encoding);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return Object.freeze({
      encoding: 'chars',
      count: charsTokenCounter.count,
      fallback: Object.freeze({
        requested: encoding,
        reason: `The ${encoding} vocabulary could not be loaded (${why}); counting characters ÷ 4 instead.`,
      }),
    });
  }
  const scale = encoding === 'claude' ? CLAUDE_CONTENT_SCALE : 1;
  const piece = (text: string): number => (text.length < LONG_RUN_LENGTH || !mayHoldLongRun(text) ? raw(text) : countWithLongRuns(raw, text));
  // Lines are remembered for one synchronous run of counting (a share of a transcript, a slice between two yields),
  // then forgotten: a key is a slice of the text it was cut from, and would keep that whole text alive.
  const lines = new Map<string, number>();
  let forgetting = false;
  const forgetLater = () => {
    if (forgetting) return;
    forgetting = true;
    void Promise.resolve().then(() => {
      lines.clear();
      forgetting = false;
    });
  };
  return Object.freeze({
    encoding,
    count(text: string): number {
      if (typeof text !== 'string') throw new TypeError(`count: text is ${describeValue(text)}; expected a string.`);
      if (text.length === 0) return 0;
      // Scaled once for the whole text, as before lines were counted apart: the sum of the raw counts is the same.
      let tokens: number;
      if (byLines) {
        tokens = countByLines(text, piece, lines);
        forgetLater();
      } else tokens = piece(text);
      return scale === 1 ? tokens : Math.round(tokens * scale);
    },
  });
}

/**
 * Byte-pair merging is quadratic in the length of one pre-tokenized piece, and a piece is a run of letters, of
 * digits or of spaces: 64,000 `A`s (the base64 of a blank image region) take seconds. Runs this long are counted in
 * slices instead, cut before a character that starts a new piece anyway when one is near, so only genuine
 * single-piece runs are cut mid-piece (costing at most a token per cut, against a count in the thousands).
 */
const LONG_RUN_LENGTH = 1024;
const LONG_RUN = /\S{1024,}|\s{1024,}/g;
const SLICE = 256;
const LOOK_BACK = 64;

const HALF_RUN = LONG_RUN_LENGTH / 2;
const SPACE = /\s/g;
const NON_SPACE = /\S/g;

/**
 * A cheap test run on every long text: a run of LONG_RUN_LENGTH covers some whole window [k·HALF_RUN, (k+1)·HALF_RUN),
 * so only windows are probed, each with a search that stops at the first character of the other kind (a few
 * characters into prose). Scanning every text with the LONG_RUN pattern itself cost a fifth of the counting time.
 */
function mayHoldLongRun(text: string): boolean {
  for (let start = 0; start + HALF_RUN <= text.length; start += HALF_RUN) {
    SPACE.lastIndex = start;
    const space = SPACE.exec(text);
    if ((space === null ? text.length : space.index) - start >= HALF_RUN) return true;
    NON_SPACE.lastIndex = start;
    const other = NON_SPACE.exec(text);
    if ((other === null ? text.length : other.index) - start >= HALF_RUN) return true;
  }
  return false;
}

function countWithLongRuns(raw: (text: string) => number, text: string): number {
  let total = 0;
  let last = 0;
  LONG_RUN.lastIndex = 0;
  for (let match = LONG_RUN.exec(text); match !== null; match = LONG_RUN.exec(text)) {
    if (match.index > last) total += raw(text.slice(last, match.index));
    const run = match[0];
    for (let start = 0; start < run.length; ) {
      let end = Math.min(run.length, start + SLICE);
      if (end < run.length) {
        for (let k = end; k > end - LOOK_BACK; k--) {
          if (!isWordCharacter(run.charCodeAt(k))) {
            end = k;
            break;
          }
        }
      }
      total += raw(run.slice(start, end));
      start = end;
    }
    last = match.index + run.length;
  }
  return last === 0 ? raw(text) : total + (last < text.length ? raw(text.slice(last)) : 0);
}

/** ASCII letters and digits; anything beyond ASCII is treated as a letter, so a cut never lands inside a word. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code >= 128;
}

/** Each `import()` names its module literally: that is what lets a bundler give each encoding a chunk of its own. */
async function importVocabulary(encoding: Exclude<TokenEncoding, 'chars'>): Promise<(text: string) => number> {
  const [{ Tokenizer }, data] = await Promise.all([
    import('ai-tokenizer'),
    encoding === 'claude'
      ? import('ai-tokenizer/encoding/claude')
      : encoding === 'o200k_base'
        ? import('ai-tokenizer/encoding/o200k_base')
        : import('ai-tokenizer/encoding/cl100k_base'),
  ]);
  const tokenizer = new Tokenizer(data);
  // `count()` refuses text holding a special token and builds two regular expressions per call to find out;
  // `encode(text, 'all')` is the plain path, where such strings are ordinary text.
  return (text) => tokenizer.encode(text, 'all').length;
}

