import type { TaskIntent } from './types';
import { INTENT_CUES, MAX_INTENT_CHARS, STACK_TRACE_CUE, type IntentCue } from './intent-cues';

/** Per intent, the sum of the weights of the cues that matched, and those matches as evidence. */
export interface IntentCueScores {
  totals: Record<TaskIntent, number>;
  /** `"fix" → debugging +3`, heaviest first. */
  evidence: string[];
}

/** Code spans, fenced blocks, paths and names with `.`, `/` or `_`: words inside them are not the user's words. */
const CODE_TOKENS = /```[\s\S]*?(```|$)|`[^`\n]*`|[\w-]*[./_][\w./-]*\w/g;

const CUES_BY_WEIGHT: readonly IntentCue[] = [...INTENT_CUES, STACK_TRACE_CUE]
  .map((cue, order) => ({ cue, order }))
  .sort((a, b) => b.cue.weight - a.cue.weight || a.order - b.order)
  .map(({ cue }) => cue);

/**
 * Matches the keyword table (`INTENT_CUES`, plus 3 for a stack trace) against the first 4,000 characters of a text:
 * each cue adds its weight to its intent once, and of the forms of one word (a cue `group`) only the heaviest that
 * matches counts. The scores `classifyIntent` decides from; `detectTranscriptIntent` adds two texts' scores.
 */
export function scoreIntentCues(text: string): IntentCueScores {
  const raw = text.slice(0, MAX_INTENT_CHARS).replace(/[\u2018\u2019]/g, "'");
  const prose = raw.replace(CODE_TOKENS, ' ');
  const totals: Record<TaskIntent, number> = {
    code_generation: 0,
    debugging: 0,
    explanation: 0,
    search: 0,
    planning: 0,
    review: 0,
    generic: 0,
  };
  const evidence: string[] = [];
  const groupsCounted = new Set<string>();
  // Heaviest first, so that of a group's cues the heaviest that matches is the one counted.
  for (const cue of CUES_BY_WEIGHT) {
    if (cue.group !== undefined && groupsCounted.has(cue.group)) continue;
    const match = cue.pattern.exec(cue.reads === 'raw' ? raw : prose);
    if (match === null) continue;
    if (cue.group !== undefined) groupsCounted.add(cue.group);
    const quoted = cue === STACK_TRACE_CUE ? 'stack trace' : shorten(match[0].trim().toLowerCase());
    evidence.push(`"${quoted}" → ${cue.intent} +${cue.weight}`);
    totals[cue.intent] += cue.weight;
  }
  return { totals, evidence };
}

/** Evidence quotes at most 40 characters of a match. */
function shorten(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}
