import type { IntentClassification } from './types';
import { decideIntent } from './decide-intent';
import { scoreIntentCues } from './score-intent-cues';

/**
 * Classifies a task text into one of seven intents by weighted keywords and phrases, with no model
 * (`scoreIntentCues`, then `decideIntent`): each cue of `INTENT_CUES` that matches adds its weight to its intent
 * once, a stack trace adds 3 to `debugging`, and the intent with the highest total wins. Below a total of 2 the text
 * is `generic`. `evidence` lists the matches that counted, heaviest first, as `"fix" → debugging +3`; `confidence`
 * is in [0, 1] (see `decideIntent`).
 *
 * Reads at most the first 4,000 characters; deterministic.
 *
 * @throws {TypeError} when `text` is not a string
 */
export function classifyIntent(text: string): IntentClassification {
  if (typeof text !== 'string') {
    throw new TypeError(`classifyIntent: text must be a string, got ${text === null ? 'null' : typeof text}`);
  }
  return decideIntent(scoreIntentCues(text));
}
