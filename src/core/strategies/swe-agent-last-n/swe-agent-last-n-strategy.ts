import type { CheckedBound, CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { planLastNObservations, type LastNObservationsSettings } from './plan-last-n-observations';
import { replayLastN } from './replay-last-n';

/** The `swe-agent-last-n` strategy's config: SWE-agent's `LastNObservations` history processor. */
export interface SweAgentLastNConfig extends CommonPruneOptions {
  strategy: 'swe-agent-last-n';
  /** Observations kept (`n`; required in SWE-agent, 5 in the paper and its configs). Default is 5. */
  lastObservations?: number;
  /** Elide only every `polling` steps, so the prefix changes once per `polling`. Default is 1. */
  polling?: number;
  /** Tools whose outputs are tagged `keep_output` (never elided). Default is none. */
  keepOutputTools?: readonly string[];
  /** Tools whose outputs are tagged `remove_output` (always elided). Default is none. */
  removeOutputTools?: readonly string[];
}

const OPTIONS = [
  integerOption('lastObservations', 'Last n', 'Observations whose output stays (n; the paper and configs use 5).', 5, 1, 100_000, 'results'),
  integerOption('polling', 'Polling', 'Elide only every k steps: the prefix then changes once per k (cache friendlier).', 1, 1, 10_000),
  { key: 'keepOutputTools', label: 'Keep output of', description: 'Tools whose outputs are tagged keep_output: never elided.', kind: 'string-list', default: [] },
  { key: 'removeOutputTools', label: 'Remove output of', description: 'Tools whose outputs are tagged remove_output: always elided.', kind: 'string-list', default: [] },
] as const;

/**
 * SWE-agent's `LastNObservations` (SWE-agent/SWE-agent `sweagent/agent/history_processors.py`). History processors
 * run on the whole history before every query and the agent keeps the history unedited, so a live agent replays it
 * as stateless (`serverSide`).
 */
export const sweAgentLastNStrategy = defineStrategy({
  id: 'swe-agent-last-n',
  label: 'SWE-agent: last n observations',
  description:
    'SWE-agent LastNObservations (SWE-agent/SWE-agent, sweagent/agent/history_processors.py): every action stays; the first observation (the problem statement) and the last n (5) stay; older tool outputs become "Old environment output: (N lines omitted)"; polling k changes the elided set only every k steps.',
  ...PEER_TRAITS,
  // Its replay finds what changed since the previous request: not planned per request, so among the quick lanes.
  slow: false,
  fidelity: {
    exact: ['which observations are elided (n, polling, the first kept), the placeholder text and line count', 'applied to the whole history before every request'],
    approximated: ['observations read as the first user message and every tool result (SWE-agent tags its own)', 'tags given by tool name', 'results no larger than the placeholder are left as they are'],
  },
  options: OPTIONS,
  normalize: (config: SweAgentLastNConfig): LastNObservationsSettings & CheckedBound => ({
    maxTurns: Infinity,
    maxTokens: Infinity,
    n: checkOption(config, OPTIONS[0]),
    polling: checkOption(config, OPTIONS[1]),
    keepOutputTools: checkOption(config, OPTIONS[2]),
    removeOutputTools: checkOption(config, OPTIONS[3]),
    pinned: config.pinned ?? [],
  }),
  plan: planLastNObservations,
  // Its live replay is its stateless one, which finds what changed since the previous request.
  replay: { serverSide: true, stateless: replayLastN },
});
