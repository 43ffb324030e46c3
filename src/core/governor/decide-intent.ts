import type { IntentClassification, TaskIntent } from './types';
import type { IntentCueScores } from './score-intent-cues';
import { INTENT_TIE_ORDER, MIN_INTENT_SCORE, SATURATING_INTENT_SCORE } from './intent-cues';

/**
 * The intent with the highest total (ties: `INTENT_TIE_ORDER`), or `generic` below a total of 2.
 *
 * `confidence` is in [0, 1]: the winner's lead over the runner-up as a share of its total, times min(1, total / 6),
 * so a single weak cue is never sure; for `generic`, 1 minus the best total's share of the threshold (1 when no cue
 * matched). Rounded to three decimals, so it prints and compares the same on every engine.
 */
export function decideIntent(scores: IntentCueScores): IntentClassification {
  let best: TaskIntent = 'generic';
  let bestScore = 0;
  let secondScore = 0;
  for (const intent of INTENT_TIE_ORDER) {
    const score = scores.totals[intent];
    if (score > bestScore) {
      secondScore = bestScore;
      bestScore = score;
      best = intent;
    } else if (score > secondScore) {
      secondScore = score;
    }
  }
  if (bestScore < MIN_INTENT_SCORE) {
    return { intent: 'generic', confidence: round(1 - bestScore / MIN_INTENT_SCORE), evidence: scores.evidence };
  }
  const confidence = ((bestScore - secondScore) / bestScore) * Math.min(1, bestScore / SATURATING_INTENT_SCORE);
  return { intent: best, confidence: round(confidence), evidence: scores.evidence };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
