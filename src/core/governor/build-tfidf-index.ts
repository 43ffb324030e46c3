import type { Message } from '../types';
import { grown } from '../arrays/grown';
import type { ContextUnits } from './build-context-units';
import { hashTerms, TERM_BUCKETS, type TermSink } from './hash-terms';
import { inverseDocumentFrequency } from './inverse-document-frequency';
import { appendTextTerms, type RememberedTerms } from './append-text-terms';
import { rememberedTermsOf } from './remembered-terms-of';

const MIN_BUCKETS = 4096;
const MAX_BUCKETS = Math.min(TERM_BUCKETS, 1 << 18);

/**
 * A text read for fewer characters is hashed each time, not remembered: an array per text would cost more bytes than
 * its characters, and at 100k messages (24 characters a text) the index would hold tens of MB to save microseconds.
 */
const REMEMBERED_FROM = 64;

/**
 * How much of the transcript is read: about 2M characters in all, shared among the units, each unit reading between
 * 48 and 2,048 characters and each of its texts at most half that. A few hundred units are read nearly whole; at
 * 100k messages (50k units) each unit gives its tool name, the start of its input (a path, a command) and the head
 * of its output.
 */
export const TFIDF_TOTAL_CHARS = 2_000_000;
export const TFIDF_MIN_CHARS_PER_UNIT = 48;
export const TFIDF_MAX_CHARS_PER_UNIT = 2048;

/**
 * TF-IDF vectors of every context unit, stored inverted: for each term bucket, the units that hold it and the
 * term's weight in each, so that scoring a query reads only the postings of the query's terms.
 */
export interface TfidfIndex {
  unitCount: number;
  /** Term buckets in use: `hashTerms` buckets masked to a power of two fitting the text read (4,096 to 2¹⁸). */
  bucketMask: number;
  /** Per term bucket: in how many units it occurs. */
  documentFrequency: Int32Array;
  /** Postings of bucket b are `postingUnit/postingWeight[postingStart[b] … postingStart[b + 1])`. */
  postingStart: Int32Array;
  postingUnit: Int32Array;
  /** (1 + ln tf) · idf, idf = ln((N + 1) / (df + 1)) + 1. */
  postingWeight: Float32Array;
  /** Per unit: the Euclidean norm of its vector (0 for a unit with no term). */
  norm: Float64Array;
}

/**
 * Builds the TF-IDF index of the units' text. Each unit is read in part (see `TFIDF_TOTAL_CHARS`): the heads of its
 * texts (text and thinking blocks, tool results, tool names and the string values of tool inputs, such as paths and
 * commands), in order, until its share is read; so a transcript of 100k messages with 80k-character results indexes
 * in one bounded pass. Terms are hashed (`hashTerms`), never built as strings, and remembered per message
 * (`appendTextTerms`): indexing messages read before costs their terms, not their characters. Deterministic;
 * O(characters read + terms + term buckets), O(terms + term buckets) for messages read before.
 */
export function buildTfidfIndex(messages: readonly Message[], units: ContextUnits): TfidfIndex {
  const unitCount = units.count;
  const perUnit = Math.min(
    TFIDF_MAX_CHARS_PER_UNIT,
    Math.max(TFIDF_MIN_CHARS_PER_UNIT, Math.floor(TFIDF_TOTAL_CHARS / Math.max(1, unitCount))),
  );
  const reader: Reader = { sink: { terms: new Int32Array(256), length: 0 }, perText: perUnit >> 1, message: undefined, remembered: undefined, visit: 0 };
  // A transcript of a few hundred messages has a few thousand distinct terms: a million buckets would cost more
  // to sweep than the whole rest of the index, and at 100k messages the counts are updated at random, so the table
  // should stay in cache. About one bucket per 16 characters read, a power of two from 4,096 to 2^18: a term every
  // 5 characters and most of them repeats.
  let buckets = MIN_BUCKETS;
  while (buckets < MAX_BUCKETS && buckets < (unitCount * perUnit) / 16) buckets *= 2;
  const bucketMask = buckets - 1;
  const documentFrequency = new Int32Array(buckets);
  // Forward lists, unit by unit: distinct terms (in the order first met) and their counts. A term's last forward
  // entry is `slot[term]`; it is this unit's when it lies at or after the unit's start and holds the term. The order
  // inside a unit does not matter: the postings below are filled unit by unit and the norms summed bucket by bucket.
  let forwardTerm: Int32Array = new Int32Array(Math.max(64, unitCount * 16));
  let forwardCount: Int32Array = new Int32Array(forwardTerm.length);
  let forwardLength = 0;
  const forwardStart = new Int32Array(unitCount + 1);
  const slot = new Int32Array(buckets);

  for (let u = 0; u < unitCount; u++) {
    reader.sink.length = 0;
    let budget = perUnit;
    for (let k = units.memberStart[u] as number; k < (units.memberStart[u + 1] as number) && budget > 0; k++) {
      budget = readMessage(messages[units.members[k] as number] as Message, reader, budget);
    }
    const { terms, length } = reader.sink;
    if (forwardLength + length > forwardTerm.length) {
      const size = Math.max(forwardTerm.length * 2, forwardLength + length);
      forwardTerm = grown(forwardTerm, new Int32Array(size));
      forwardCount = grown(forwardCount, new Int32Array(size));
    }
    const unitStart = forwardLength;
    for (let k = 0; k < length; k++) {
      const term = (terms[k] as number) & bucketMask;
      const at = slot[term] as number;
      if (at >= unitStart && at < forwardLength && forwardTerm[at] === term) {
        forwardCount[at] = (forwardCount[at] as number) + 1;
        continue;
      }
      slot[term] = forwardLength;
      forwardTerm[forwardLength] = term;
      forwardCount[forwardLength] = 1;
      forwardLength++;
      documentFrequency[term] = (documentFrequency[term] as number) + 1;
    }
    forwardStart[u + 1] = forwardLength;
  }

  // Counting sort of the forward lists into postings: each term's block is filled from its end, which leaves
  // `postingStart` holding the starts. The count (tf) is parked in the weight until the idf is known.
  const postingStart = new Int32Array(buckets + 1);
  for (let b = 0; b < buckets; b++) postingStart[b + 1] = (postingStart[b] as number) + (documentFrequency[b] as number);
  const postingUnit = new Int32Array(forwardLength);
  const postingWeight = new Float32Array(forwardLength);
  for (let u = unitCount - 1; u >= 0; u--) {
    for (let k = (forwardStart[u + 1] as number) - 1; k >= (forwardStart[u] as number); k--) {
      const term = forwardTerm[k] as number;
      const at = (postingStart[term + 1] as number) - 1;
      postingStart[term + 1] = at;
      postingUnit[at] = u;
      postingWeight[at] = forwardCount[k] as number;
    }
  }
  // Filling from the end left each bucket's end where its start belongs, one slot up: count the starts again.
  postingStart[0] = 0;
  for (let b = 0; b < buckets; b++) postingStart[b + 1] = (postingStart[b] as number) + (documentFrequency[b] as number);

  const norm = new Float64Array(unitCount);
  for (let b = 0; b < buckets; b++) {
    const df = documentFrequency[b] as number;
    if (df === 0) continue;
    const idf = inverseDocumentFrequency(unitCount, df);
    for (let p = postingStart[b] as number; p < (postingStart[b + 1] as number); p++) {
      const tf = postingWeight[p] as number;
      const weight = (tf === 1 ? 1 : 1 + Math.log(tf)) * idf;
      postingWeight[p] = weight;
      const unit = postingUnit[p] as number;
      norm[unit] = (norm[unit] as number) + weight * weight;
    }
  }
  for (let u = 0; u < unitCount; u++) norm[u] = Math.sqrt(norm[u] as number);
  return { unitCount, bucketMask, documentFrequency, postingStart, postingUnit, postingWeight, norm };
}

interface Reader {
  sink: TermSink;
  /** Characters read at most from any one text. */
  perText: number;
  /** The message being read, what its texts gave before (none yet: undefined), and how many texts this read has reached. */
  message: Message | undefined;
  remembered: RememberedTerms | undefined;
  visit: number;
}

function readMessage(message: Message, reader: Reader, budget: number): number {
  reader.message = message;
  reader.remembered = rememberedTermsOf(message, false);
  reader.visit = 0;
  const left = readContent(message, reader, budget);
  // Read to its end, the message has no texts past the last visited: what is remembered past it (blocks since
  // removed) is let go.
  const remembered = reader.remembered;
  if (left > 0 && remembered !== undefined && remembered.length > 2 * reader.visit) remembered.length = 2 * reader.visit;
  return left;
}

function readContent(message: Message, reader: Reader, budget: number): number {
  const { content } = message;
  if (typeof content === 'string') return readText(content, reader, budget);
  if (!Array.isArray(content)) return budget;
  for (let b = 0; b < content.length && budget > 0; b++) {
    const block = content[b] as unknown as Record<string, unknown> | null;
    if (block === null || typeof block !== 'object') continue;
    switch (block.type) {
      case 'text':
        budget = readText(block.text, reader, budget);
        break;
      case 'thinking':
        budget = readText(block.thinking, reader, budget);
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        budget = readText(block.name, reader, budget);
        budget = readValues(block.input, reader, budget, 0);
        break;
      case 'tool_result':
        budget = readResult(block.content, reader, budget);
        break;
      default:
        if (typeof block.type === 'string' && block.type.endsWith('_tool_result')) budget = readValues(block.content, reader, budget, 0);
    }
  }
  return budget;
}

function readResult(content: unknown, reader: Reader, budget: number): number {
  if (typeof content === 'string') return readText(content, reader, budget);
  if (!Array.isArray(content)) return budget;
  for (const inner of content) {
    if (budget <= 0) break;
    if (inner !== null && typeof inner === 'object') budget = readText((inner as { text?: unknown }).text, reader, budget);
  }
  return budget;
}

/**
 * String values of a tool input or server result, depth-first: a telling field first (a path, a command, a pattern,
 * a query, a URL), and when there is one, nothing else: the rest of an input (file contents, edits) is long, and
 * the call's result says more per character. Otherwise every value in key order.
 */
function readValues(value: unknown, reader: Reader, budget: number, depth: number): number {
  if (budget <= 0 || depth > 2) return budget;
  if (typeof value === 'string') return readText(value, reader, budget);
  if (value === null || typeof value !== 'object') return budget;
  if (depth === 0 && !Array.isArray(value)) {
    // Named loads, not a loop over key names: tool inputs come in many shapes, and a load by a variable key
    // through many shapes costs several times more.
    const record = value as { file_path?: unknown; path?: unknown; command?: unknown; pattern?: unknown; query?: unknown; url?: unknown };
    const telling = record.file_path ?? record.path ?? record.command ?? record.pattern ?? record.query ?? record.url;
    if (typeof telling === 'string') return readText(telling, reader, budget);
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      budget = readValues(item, reader, budget, depth + 1);
      if (budget <= 0) break;
    }
    return budget;
  }
  for (const key in value) {
    budget = readValues((value as Record<string, unknown>)[key], reader, budget, depth + 1);
    if (budget <= 0) break;
  }
  return budget;
}

function readText(text: unknown, reader: Reader, budget: number): number {
  if (typeof text !== 'string' || text.length === 0) return budget;
  const take = Math.min(text.length, reader.perText, budget);
  const visit = reader.visit++;
  if (take < REMEMBERED_FROM) {
    hashTerms(text, 0, take, reader.sink);
    // A text remembered here before and since changed (a result cleared to a placeholder) is let go: keeping it would
    // hold the old text, often the largest, as long as the message lives.
    // A short text is never remembered, so an empty slot is no change: only a text held there and now different is.
    const held = reader.remembered?.[2 * visit];
    if (typeof held === 'string' && held !== text) (reader.remembered as RememberedTerms).length = 2 * visit;
    return budget - take;
  }
  reader.remembered ??= rememberedTermsOf(reader.message as Message, true);
  appendTextTerms(reader.remembered, visit, text, take, reader.sink);
  return budget - take;
}
