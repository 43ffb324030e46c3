/** The words of a lane header, kept apart from React so they can be tested: how a plan's size relates to the budget, % saved, the verdict. */
import { formatNumber, getStrategy } from '../../core';
import type { Budget, LaneSpec } from '../../worker/lanes';
import type { PlanResult, Verdict } from '../../worker/protocol';

/**
 * "% saved" of what every request sends (the lane's messages plus the system prompt, which no strategy prunes), never
 * claiming 100% while anything is sent nor 0% while anything is saved: one decimal below 10%, none from 10% up.
 */
export function formatSaved(sentTokens: number, totalTokens: number, systemTokens = 0): string {
  const sent = sentTokens + systemTokens;
  const total = totalTokens + systemTokens;
  if (total <= 0 || sent >= total) return '0%';
  if (sent <= 0) return '100%';
  const pct = (1 - sent / total) * 100;
  if (pct < 0.05) return '<0.1%';
  if (pct < 9.95) return `${pct.toFixed(1)}%`;
  return `${Math.min(Math.round(pct), 99)}%`;
}

/** Why a lane sends more than the budget asked for, in plain words; undefined when it does not. */
export function overNote(plan: PlanResult): string | undefined {
  if (!plan.over) return undefined;
  const by = plan.over.unit === 'tokens' ? `${formatNumber(plan.over.by)} tokens` : `${formatNumber(plan.over.by)} ${plan.over.by === 1 ? 'message' : 'messages'}`;
  return `${by} over: ${plan.over.why}`;
}

/**
 * When the shared budget does not bind a lane, why, in its header (the strategy's own words, `unboundNote`).
 * Undefined when the lane answers to the budget on screen (a lane that cannot meet it says so through `overNote`).
 */
export function boundNote(lane: LaneSpec, budget: Budget, totalTokens: number): string | undefined {
  const definition = getStrategy(lane.strategy);
  const unit = (lane.budget ?? budget).unit;
  const option = (key: string): unknown => lane.options[key] ?? definition.options.find((o) => o.key === key)?.default;
  if (definition.unboundNote) return definition.unboundNote(unit, option, totalTokens);
  // Another system's manager acts on its own settings (its trigger, its n), whatever the budget: said, not left to a guess.
  if (definition.bounds.length === 0) return 'Not bound by the budget: it runs on its own settings.';
  return unit === 'messages' && !definition.bounds.includes('maxTurns') ? 'Not bound by messages: it bounds tokens only.' : undefined;
}

/** What a summary stands for, said where the count is: "into 1 message of 12 tokens". */
export function summaryNote(plan: PlanResult): string | undefined {
  if (plan.inserts.length === 0) return undefined;
  const tokens = plan.inserts.reduce((sum, insert) => sum + insert.tokens, 0);
  const messages = plan.inserts.length === 1 ? '1 message' : `${plan.inserts.length} messages`;
  const model = plan.inserts.find((insert) => insert.model !== undefined)?.model;
  const by = model === undefined ? '' : model.state === 'answered' ? ` by ${model.model}` : model.state === 'asking' ? ` (asking ${model.model})` : ` (${model.model} failed)`;
  return `into ${messages} of ${formatNumber(tokens)} tokens${by}`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export interface VerdictWords {
  /** "✓ API accepts" / "✗ API rejects". */
  head: string;
  /** What the problems are and where they come from; empty when accepted. */
  detail: string;
  /** One sentence for the popover and the accessible name. */
  sentence: string;
}

export function verdictWords(verdict: Verdict): VerdictWords {
  const { problemCount, addedCount, carriedCount, inputProblemCount } = verdict;
  if (verdict.empty) {
    return { head: '✗ Nothing to send', detail: 'no messages', sentence: 'The output holds no message: there is no request to send.' };
  }
  if (problemCount === 0) {
    const sentence =
      inputProblemCount > 0
        ? `No problems: the ${plural(inputProblemCount, 'problem', 'problems')} the input has ${inputProblemCount === 1 ? 'is' : 'are'} all in dropped messages.`
        : 'No problems.';
    return { head: '✓ API accepts', detail: '', sentence };
  }
  let detail: string;
  if (addedCount === 0) detail = `${plural(problemCount, 'problem', 'problems')}, carried over from the input`;
  else if (carriedCount === 0) detail = `${plural(addedCount, 'problem', 'problems')} added by pruning`;
  else detail = `${plural(addedCount, 'problem', 'problems')} added by pruning, ${carriedCount} from the input`;
  const left = inputProblemCount - carriedCount;
  const input =
    inputProblemCount === 0
      ? 'The unpruned input has none.'
      : `The unpruned input has ${inputProblemCount}${left > 0 ? `; ${left} of ${inputProblemCount === 1 ? 'it' : 'them'} ${left === 1 ? 'is' : 'are'} in dropped messages` : ''}.`;
  return { head: '✗ API rejects', detail, sentence: `${detail[0]?.toUpperCase() ?? ''}${detail.slice(1)}. ${input}` };
}

const SOFT_HYPHEN = '\u00AD';
const SUFFIXES = ['tions', 'tion', 'sions', 'sion', 'ance', 'ence', 'ment', 'ware', 'ing'];

/**
 * A lane title with soft hyphens where a long word may break: in an 80 px lane "Observation" does not fit, and
 * Chromium on Linux has no hyphenation dictionary, so without them it broke as "Observatio/n". A word of ten letters
 * or more may break before a common suffix ("Observa-tion"); any other word breaks where it must, as before.
 */
export function breakableTitle(label: string): string {
  return label.replace(/\p{L}{10,}/gu, (word) => {
    const suffix = SUFFIXES.find((s) => word.toLowerCase().endsWith(s) && word.length - s.length >= 5);
    if (suffix === undefined) return word;
    const at = word.length - suffix.length;
    return `${word.slice(0, at)}${SOFT_HYPHEN}${word.slice(at)}`;
  });
}
