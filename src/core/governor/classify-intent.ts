import type { IntentClassification, TaskIntent } from './types';
import {
  INTENT_CUES,
  INTENT_TIE_ORDER,
  MAX_INTENT_CHARS,
  MIN_INTENT_SCORE,
  SATURATING_INTENT_SCORE,
  STACK_TRACE_CUE,
  type IntentCue,
} from './intent-cues';

/** Code spans, fenced blocks, paths and names with `.`, `/` or `_`: words inside them are not the user's words. */
const CODE_TOKENS = /```[\s\S]*?(```|$)|`[^`\n]*`|[\w-]*[./_][\w./-]*\w/g;

const CUES_BY_WEIGHT: readonly IntentCue[] = [...INTENT_CUES, STACK_TRACE_CUE]
  .map((cue, order) => ({ cue, order }))
  .sort((a, b) => b.cue.weight - a.cue.weight || a.order - b.order)
  .map(({ cue }) => cue);

/**
 * Classifies a task text into one of seven intents by weighted keywords and phrases (`INTENT_CUES`), with no model:
 * each cue that matches adds its weight to its intent once (of the forms of one word, only the heaviest), a stack trace adds 3 to `debugging`, and the intent with
 * the highest total wins (ties: `INTENT_TIE_ORDER`). Below a total of 2 the text is `generic`.
 *
 * `confidence` is in [0, 1]: the winner's lead over the runner-up as a share of its total, times min(1, total / 6),
 * so a single weak cue is never sure; for `generic`, 1 minus the best total's share of the threshold (1 when no cue
 * matched). `evidence` lists the matches that counted, strongest first, as `"fix" → debugging +3`.
 *
 * Reads at most the first 4,000 characters; deterministic.
 *
 * @throws {TypeError} when `text` is not a string
 */
export function classifyIntent(text: string): IntentClassification {
  if (typeof text !== 'string') {
    throw new TypeError(`classifyIntent: text must be a string, got ${text === null ? 'null' : typeof text}`);
  }
  const raw = text.slice(0, MAX_INTENT_CHARS).replace(/[\u2018\u2019]/g, "'");
  const prose = raw.replace(CODE_TOKENS, ' ');
  const totals = new Map<TaskIntent, number>();
  const hits: { cue: IntentCue; matched: string }[] = [];
  const groupsCounted = new Set<string>();
  // Heaviest first, so that of a group's cues the heaviest that matches is the one counted.
  for (const cue of CUES_BY_WEIGHT) {
    if (cue.group !== undefined && groupsCounted.has(cue.group)) continue;
    const match = cue.pattern.exec(cue.reads === 'raw' ? raw : prose);
    if (match === null) continue;
    if (cue.group !== undefined) groupsCounted.add(cue.group);
    hits.push({ cue, matched: cue === STACK_TRACE_CUE ? 'stack trace' : shorten(match[0].trim().toLowerCase()) });
    totals.set(cue.intent, (totals.get(cue.intent) ?? 0) + cue.weight);
  }

  let best: TaskIntent = 'generic';
  let bestScore = 0;
  let secondScore = 0;
  for (const intent of INTENT_TIE_ORDER) {
    const score = totals.get(intent) ?? 0;
    if (score > bestScore) {
      secondScore = bestScore;
      bestScore = score;
      best = intent;
    } else if (score > secondScore) {
      secondScore = score;
    }
  }

  if (bestScore < MIN_INTENT_SCORE) {
    return {
      intent: 'generic',
      confidence: round(1 - bestScore / MIN_INTENT_SCORE),
      evidence: describe(hits),
    };
  }
  const confidence = ((bestScore - secondScore) / bestScore) * Math.min(1, bestScore / SATURATING_INTENT_SCORE);
  return { intent: best, confidence: round(confidence), evidence: describe(hits) };
}

/** Hits are met heaviest first already. */
function describe(hits: { cue: IntentCue; matched: string }[]): string[] {
  return hits.map(({ cue, matched }) => `"${matched}" → ${cue.intent} +${cue.weight}`);
}

/** Evidence quotes at most 40 characters of a match. */
function shorten(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}

/** Three decimals, so a confidence prints and compares the same on every engine. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
