import type { Probe } from '../probes/types';
import { collapseWhitespace } from '../probes/probe-needle';

/** Characters of a fact's start an answer must quote: enough to tell requests and errors apart, short enough to be quoted. */
const QUOTE_CHARS = 24;

/**
 * Whether a model's answer states a probe's fact, case and whitespace aside: a file by its last two path segments
 * (a model may drop the repository's root: `/home/u/app/lib/x.ex` is `lib/x.ex`), anything else by its first
 * 24 characters.
 */
export function answerHoldsFact(answer: string, probe: Pick<Probe, 'kind' | 'fact'>): boolean {
  const text = collapseWhitespace(answer).toLowerCase();
  const fact = collapseWhitespace(probe.fact).toLowerCase();
  if (fact === '') return false;
  if (probe.kind === 'file') {
    const parts = fact.split(/[/\\]/).filter((part) => part !== '');
    return text.includes(parts.slice(-2).join('/')) || text.includes(fact);
  }
  return text.includes(fact.slice(0, QUOTE_CHARS));
}
