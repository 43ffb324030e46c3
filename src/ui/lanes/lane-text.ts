/** The words of a lane header, kept apart from React so they can be tested: why a count differs, % saved, the verdict. */
import type { PruneStrategy } from '../../core';
import type { Verdict } from '../../worker/protocol';

/**
 * Why a strategy keeps more messages than Max turns asked for, in plain words; undefined when it keeps at most that.
 * The core keeps every message at 0 as at 1, keeps a tool call with its result (sliding window, summarize: the cut
 * moves earlier), and importance keeps the last message's whole tool group.
 */
export function keptOverNote(strategy: PruneStrategy, kept: number, maxTurns: number): string | undefined {
  if (kept <= maxTurns) return undefined;
  const over = kept - maxTurns;
  if (maxTurns === 0) {
    return kept === 1 ? 'at least 1 message is always kept' : `at least 1 message is always kept, with its tool call (${over} over)`;
  }
  if (strategy === 'importance') return `${over} over: the last message's tool group is kept whole`;
  return `${over} over, to keep a tool call with its result`;
}

/** Why importance may keep fewer than Max turns (it is fine): a title, not a warning. */
export function keptUnderNote(strategy: PruneStrategy, kept: number, maxTurns: number): string | undefined {
  if (strategy !== 'importance' || kept >= maxTurns) return undefined;
  return `${maxTurns - kept} under Max turns: importance keeps or drops whole tool groups, and the next group did not fit`;
}

/**
 * "% saved", never claiming 100% while anything is kept nor 0% while anything is saved: one decimal below 10%,
 * none from 10% up.
 */
export function formatSaved(keptChars: number, totalChars: number): string {
  if (totalChars <= 0 || keptChars >= totalChars) return '0%';
  if (keptChars <= 0) return '100%';
  const pct = (1 - keptChars / totalChars) * 100;
  if (pct < 0.05) return '<0.1%';
  if (pct < 9.95) return `${pct.toFixed(1)}%`;
  return `${Math.min(Math.round(pct), 99)}%`;
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
