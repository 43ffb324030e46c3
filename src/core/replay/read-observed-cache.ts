import type { Message } from '../types';
import type { RecordedRequest } from '../usage/types';
import type { HarnessTraits } from '../formats/format-types';
import type { CacheRules, ObservedCache } from './types';
import { startsTurn } from '../usage/starts-turn';

/** What `readObservedCache` found, with a sentence for people on each finding. */
export interface ObservedCacheReading extends ObservedCache {
  /** The cache's lifetime, when the file's TTL class or its hits and misses say it is not the provider's default. */
  ttlMs?: number;
  /** One sentence for people per finding (the inspector and `prunescope replay` print them). */
  notes: string[];
}

/** What `readObservedCache` needs beside the messages and the recorded usage. */
export interface ReadObservedCacheOptions {
  /** The provider's rules for the file's model (`cacheRulesFor`): its minimum and nominal TTL. */
  rules: CacheRules;
  /** Per message: when it was written (ms, NaN when unknown); without, no TTL is inferred. */
  times?: ArrayLike<number>;
  /**
   * The agent harness that wrote the file (its format's `harness`): one that breaks the cache at every new prompt
   * (`breaksCacheOnNewPrompt`: Claude Code) is taken to, unless the file's reads say otherwise.
   */
  harness?: Pick<HarnessTraits, 'name' | 'breaksCacheOnNewPrompt'>;
}

const HOUR_MS = 3_600_000;

/**
 * What a file's recorded usage says about the cache its requests met, beyond the provider's rules (Part B of the
 * research note on issue 21; every rule was seen on the shared files):
 *
 * - **TTL class** (Anthropic): Claude Code asks for the 1-hour TTL on a subscription and logs it
 *   (`ephemeral_1h_input_tokens`); when most writes are 1-hour, writes bill at 2 × input and live an hour.
 * - **Warm start**: the first request reads what an earlier session cached (the system prompt and tools, which the
 *   user's sessions share): its recorded read.
 * - **Breakpoint** (Anthropic): what a request reads back when the messages' prefix broke (a compaction, a new
 *   prompt): the most frequent such read. Claude Code writes one message breakpoint, so a read lands either at the
 *   previous request's end or here. None seen: the warm start.
 * - **Prompt breaks** (Anthropic): whether a new prompt within the TTL read only the breakpoint back. None seen: so
 *   for a harness that does (`breaksCacheOnNewPrompt`: Claude Code, all 3 of whose files on the shared files did),
 *   not otherwise.
 * - **Output kept** (OpenAI): whether requests in a turn read past the previous request's input (its response too).
 * - **Lifetime**: when requests found the cache cold sooner than the TTL, and every such gap is longer than every
 *   gap that found it warm (a gateway's cache), the lifetime is taken midway between the two.
 *
 * A request found its own cache warm when it read anything (Anthropic), or more than the warm start (OpenAI, whose
 * misses fall back to it). Deterministic; pure.
 */
export function readObservedCache(messages: readonly Message[], recorded: readonly RecordedRequest[], options: ReadObservedCacheOptions): ObservedCacheReading {
  const { rules, times } = options;
  const anthropic = rules.provider === 'anthropic';
  const reading: ObservedCacheReading = { notes: [] };
  const requests = [...new Map(recorded.map((request) => [request.messageIndex, request] as const).reverse()).values()].sort((a, b) => a.messageIndex - b.messageIndex);
  if (requests.length === 0) return reading;
  const note = (text: string): void => void reading.notes.push(text);

  let writes = 0;
  let hour = 0;
  for (const request of requests) {
    writes += request.cacheCreationInputTokens;
    hour += Math.min(request.cacheWrite1hInputTokens ?? 0, request.cacheCreationInputTokens);
  }
  if (anthropic && hour > writes / 2) {
    reading.writeTtl = '1h';
    reading.ttlMs = HOUR_MS;
    note(`TTL: ${share(hour, writes)} of the cache writes are 1-hour (Claude Code on a subscription): priced at 2 × input, kept an hour.`);
  } else if (anthropic && hour > 0) {
    note(`TTL: ${share(hour, writes)} of the cache writes are 1-hour, the rest 5-minute: replayed writes are priced as 5-minute.`);
  }

  const first = requests[0] as RecordedRequest;
  const warm = messages.findIndex((message) => message.role === 'assistant') === first.messageIndex ? first.cacheReadInputTokens : 0;
  if (warm > 0) {
    reading.warmStartTokens = warm;
    note(`Warm start: the first request read ${count(warm)} tokens cached before it (by the user's other sessions, which share the system prompt, or earlier in this one).`);
  }

  const turnAt = turnStarts(messages);
  const nominal = reading.ttlMs ?? rules.ttlMs;
  const hits: number[] = [];
  const misses: number[] = [];
  const breaks = new Map<number, number>();
  let promptBroke = 0;
  let promptKept = 0;
  let outputRead = 0;
  let sameTurn = 0;
  for (let k = 1; k < requests.length; k++) {
    const previous = requests[k - 1] as RecordedRequest;
    const request = requests[k] as RecordedRequest;
    const cached = previous.cacheReadInputTokens + previous.cacheCreationInputTokens + (anthropic ? 0 : previous.inputTokens);
    // Nothing of its own to find: too small to cache, or no more than the warm start.
    if (cached <= warm || cached < rules.minTokens) continue;
    const read = request.cacheReadInputTokens;
    // Anthropic: an expired cache reads nothing (its breakpoint may equal the warm start). OpenAI: a miss falls back
    // to what other sessions keep warm.
    const hit = anthropic ? read > 0 : read > warm;
    const gap = times === undefined ? NaN : (times[request.messageIndex] as number) - (times[previous.messageIndex] as number);
    if (Number.isFinite(gap)) (hit ? hits : misses).push(gap);
    if (!hit) continue;
    const prompt = request.messageIndex > 0 && (turnAt[request.messageIndex - 1] as number) > previous.messageIndex;
    const restarted = request.contextStart !== previous.contextStart;
    if (anthropic) {
      const appended = read >= cached;
      if (!appended) breaks.set(read, (breaks.get(read) ?? 0) + 1);
      if (prompt && !restarted) {
        if (appended) promptKept++;
        else promptBroke++;
      }
    } else if (!prompt && !restarted) {
      sameTurn++;
      if (read > Math.floor(cached / step(rules)) * step(rules)) outputRead++;
    }
  }

  if (anthropic) {
    const level = mostFrequent(breaks);
    if (level !== undefined) {
      reading.breakpointTokens = level;
      note(`Breakpoint: ${count(level)} tokens (the system prompt and tools), read back by ${plural(breaks.get(level) as number, 'request')} whose messages' prefix broke.`);
    } else if (warm > 0) {
      reading.breakpointTokens = warm;
      note(`Breakpoint: no request broke its prefix while warm; taken as the warm start, ${count(warm)} tokens.`);
    }
    const seen = promptBroke + promptKept;
    if (seen > 0) {
      reading.promptBreaks = promptBroke > promptKept;
      note(
        `New prompts: ${promptBroke} of ${plural(seen, 'new prompt')} within the TTL read only the breakpoint back${reading.promptBreaks ? ', so every new prompt does' : ''}.`,
      );
    } else if (options.harness?.breaksCacheOnNewPrompt === true) {
      reading.promptBreaks = true;
      note(`New prompts: none within the TTL here; ${options.harness.name} read only the breakpoint back after every one in the files seen so far, so it is assumed.`);
    }
  } else if (sameTurn > 0 && outputRead > sameTurn / 2) {
    reading.cachesOutput = true;
    note(`Output: ${outputRead} of ${plural(sameTurn, 'request')} within a turn read past the previous request's input: the cache held its response too.`);
  }

  if (nominal !== undefined) {
    const early = misses.filter((gap) => gap <= nominal);
    if (early.length > 0) {
      const shortestMiss = Math.min(...early);
      const longestHit = hits.length > 0 ? Math.max(...hits) : 0;
      if (longestHit < shortestMiss) {
        reading.ttlMs = (longestHit + shortestMiss) / 2;
        note(
          `Lifetime: the cache was found ${seconds(longestHit)} after the previous request and lost ${seconds(shortestMiss)} after it, sooner than the ${seconds(nominal)} TTL (a gateway's cache, or its routing): taken as ${seconds(reading.ttlMs)}.`,
        );
      } else {
        note(`Misses: ${plural(early.length, 'request')} found the cache cold within its TTL while others found it warm after longer gaps: no rule predicts them; not replayed.`);
      }
    }
  }
  return reading;
}

/** For each message, the last message at or before it that started a turn (-1 when none). */
function turnStarts(messages: readonly Message[]): Int32Array {
  const out = new Int32Array(messages.length);
  let at = -1;
  for (let i = 0; i < messages.length; i++) {
    if (startsTurn(messages[i])) at = i;
    out[i] = at;
  }
  return out;
}

function mostFrequent(counts: Map<number, number>): number | undefined {
  let best: number | undefined;
  for (const [value, n] of counts) if (best === undefined || n > (counts.get(best) as number) || (n === counts.get(best) && value < best)) best = value;
  return best;
}

const step = (rules: CacheRules): number => (rules.provider === 'openai' ? rules.step : 1);
const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const share = (part: number, whole: number): string => `${Math.round((100 * part) / Math.max(1, whole))}%`;
const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
const seconds = (ms: number): string =>
  ms >= HOUR_MS && ms % HOUR_MS === 0
    ? `${ms / HOUR_MS} h`
    : ms >= 600_000 || (ms >= 60_000 && ms % 60_000 === 0)
      ? `${Math.round(ms / 60_000)} min`
      : `${Math.round(ms / 1000)} s`;
