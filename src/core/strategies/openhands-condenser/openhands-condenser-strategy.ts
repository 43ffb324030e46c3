import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { replayOpenHandsCondenser } from './replay-openhands-condenser';
import { condenserKeepsEverything } from './condenser-keeps-everything';
import { planOpenHandsCondenser, type OpenHandsCondenserSettings } from './plan-openhands-condenser';

/** The `openhands-condenser` strategy's config: OpenHands' LLM-summarizing or amortized-forgetting condenser. */
export interface OpenHandsCondenserConfig extends CommonPruneOptions {
  strategy: 'openhands-condenser';
  /** `llm-summarizing` (the SDK's default condenser) or `amortized-forgetting` (V0: no summary). Default is `llm-summarizing`. */
  condenser?: 'llm-summarizing' | 'amortized-forgetting';
  /** `max_size`: condense when the view holds more events. Default is 240 (the SDK's). */
  maxSize?: number;
  /** `keep_first`: events always kept at the start (under `maxSize / 2`). Default is 2 (the SDK's). */
  keepFirst?: number;
  /** `max_tokens`: condense also when the view holds more tokens (0: unset). Default is 0. */
  condenseAtTokens?: number;
  /** The summary's size bound (0: 2.57% of what it replaces, at most 20,000, as Claude Code's measured one). Default is 0. */
  summaryTokens?: number;
}

const OPTIONS = [
  { key: 'condenser', label: 'Condenser', description: 'llm-summarizing (the SDK default) or amortized-forgetting (V0, no summary).', kind: 'choice', default: 'llm-summarizing', choices: ['llm-summarizing', 'amortized-forgetting'] },
  integerOption('maxSize', 'Max events', 'max_size: condense when the view holds more events (a tool call, an observation, a message: one each).', 240, 4, 10_000_000),
  integerOption('keepFirst', 'Keep first', 'keep_first: events always kept at the start (less than max_size / 2).', 2, 0, 5_000_000),
  integerOption('condenseAtTokens', 'Max tokens', 'max_tokens: condense also when the view holds more tokens (0: unset).', 0, 0, 10_000_000, 'tokens'),
  integerOption('summaryTokens', 'Summary size', "The summary size; 0: 2.57% of what it replaces, at most 20,000 (OpenHands does not publish it; Claude Code's measured ratio).", 0, 0, 100_000, 'tokens'),
] as const;

/**
 * OpenHands' rolling condensers (OpenHands/software-agent-sdk `openhands/sdk/context/condenser/
 * llm_summarizing_condenser.py`; OpenHands/OpenHands V0 `amortized_forgetting_condenser.py`). The condensation is
 * an event in the agent's state, so a live agent holds the condensed view; it is looked at before every step.
 */
export const openHandsCondenserStrategy = defineStrategy({
  id: 'openhands-condenser',
  label: 'OpenHands: condenser',
  description:
    'OpenHands condenser (OpenHands/software-agent-sdk llm_summarizing_condenser.py; V0 amortized_forgetting_condenser.py): when the view holds more than max_size (240) events, the first keep_first (2) and the last max_size/2 − keep_first − 1 stay, whole tool batches; the middle becomes one summary (LLM summarizing) or is forgotten (amortized forgetting), halving the view.',
  ...PEER_TRAITS,
  fidelity: {
    exact: ['the trigger (events over max_size, tokens over max_tokens)', 'keep_first and the tail, cut at whole tool batches', 'an earlier summary summarized again'],
    approximated: ['events counted from messages (each tool call and result one event, any other message one)', "the summary's content (extractive) and size (2.57% of what it replaces; not published)", 'the condenser request itself is not billed'],
  },
  options: OPTIONS,
  normalize: (config: OpenHandsCondenserConfig): OpenHandsCondenserSettings => {
    const maxSize = checkOption(config, OPTIONS[1]);
    const keepFirst = checkOption(config, OPTIONS[2]);
    if (keepFirst >= Math.floor(maxSize / 2)) throw new RangeError(`pruneMessages: keepFirst must be less than maxSize / 2 (${Math.floor(maxSize / 2)}), got ${keepFirst}`);
    return {
      condenser: checkOption(config, OPTIONS[0]) as OpenHandsCondenserSettings['condenser'],
      maxSize,
      keepFirst,
      condenseAtTokens: checkOption(config, OPTIONS[3]),
      summaryTokens: checkOption(config, OPTIONS[4]),
      ...peerSettings(config, 'openhands-condenser'),
    };
  },
  plan: planOpenHandsCondenser,
  keepsEverything: condenserKeepsEverything,
  replay: {
    // The cuts by search and the summary of a middle that grows, resumed: no plan of each history.
    stateless: replayOpenHandsCondenser,
    trigger: () => ({ kind: 'every', requests: 1 }),
  },
});
