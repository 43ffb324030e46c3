import type { Message } from '../types';
import type { IntentClassification, TaskIntent } from './types';
import { decideIntent } from './decide-intent';
import { scoreIntentCues } from './score-intent-cues';
import { findUserPrompts, type UserPrompts } from '../text/find-user-prompts';
import { TASK_INTENTS } from './constants';

/** How much the task counts beside a latest prompt that names an intent of its own. */
const TASK_SHARE = 0.5;

/**
 * The intent of a transcript, read from the task (the first prompt a person typed, not harness text) and the latest
 * prompt: the latest prompt's cue scores plus half the task's, decided as `classifyIntent` decides. The next reply
 * answers the latest prompt, so it leads; the task still frames it, and counts in full when the latest prompt alone
 * names no intent ("continue", "yes, go ahead"). Evidence says which text each match came from (`task: "fix" → …`).
 * With no typed prompt at all the intent is `generic`, confidence 1.
 *
 * `prompts` may be passed when already found (`findUserPrompts`), to save a pass.
 */
export function detectTranscriptIntent(messages: readonly Message[], prompts?: UserPrompts): IntentClassification {
  const { task, latest, taskText, latestText } = prompts ?? findUserPrompts(messages);
  if (task < 0) return { intent: 'generic', confidence: 1, evidence: [] };
  const taskScores = scoreIntentCues(taskText);
  if (latest === task) {
    return decideIntent({ totals: taskScores.totals, evidence: taskScores.evidence.map((e) => `task: ${e}`) });
  }
  const latestScores = scoreIntentCues(latestText);
  const share = decideIntent(latestScores).intent === 'generic' ? 1 : TASK_SHARE;
  const totals = {} as Record<TaskIntent, number>;
  for (const intent of TASK_INTENTS) totals[intent] = latestScores.totals[intent] + share * taskScores.totals[intent];
  const evidence = [
    ...latestScores.evidence.map((e) => `latest: ${e}`),
    ...taskScores.evidence.map((e) => (share === 1 ? `task: ${e}` : `task (×${share}): ${e}`)),
  ];
  return decideIntent({ totals, evidence });
}
