import type { HarnessRequest, ModelPrices } from './types';
import { loadModelPrices } from './load-model-prices';
import { priceHarnessRequest } from './price-harness-request';

/** The harness requests priced, in sum and by kind, with a sentence for each kind. */
export interface HarnessBill {
  /** Per request, in the order given. */
  costUsd: number[];
  /** The subagents' requests together. */
  subagentUsd: number;
  /** The compaction summary requests together. */
  compactionUsd: number;
  /** Everything beside the main thread: `subagentUsd` + `compactionUsd`. */
  totalUsd: number;
  /** What was priced, for people: how many requests of each kind, recorded or estimated, at which model. */
  notes: string[];
}

/**
 * Prices what a session's harness requested beside its main thread (`readHarnessRequests`): a subagent at its own
 * model's prices (the session's when the table does not know it, and the note says so), a compaction at `prices`,
 * the session's. Async because a subagent's model may need the price table.
 */
export async function priceHarnessRequests(requests: readonly HarnessRequest[], prices: ModelPrices): Promise<HarnessBill> {
  const byModel = new Map<string, ModelPrices | undefined>();
  for (const request of requests) {
    if (request.kind !== 'subagent' || request.model === undefined || byModel.has(request.model)) continue;
    byModel.set(request.model, await loadModelPrices(request.model).catch(() => undefined));
  }
  const bill: HarnessBill = { costUsd: [], subagentUsd: 0, compactionUsd: 0, totalUsd: 0, notes: [] };
  const unknown = new Set<string>();
  let subagents = 0;
  let compactions = 0;
  for (const request of requests) {
    const own = request.kind === 'subagent' && request.model !== undefined ? byModel.get(request.model) : prices;
    if (own === undefined && request.model !== undefined) unknown.add(request.model);
    const cost = priceHarnessRequest(request, own ?? prices);
    bill.costUsd.push(cost);
    bill.totalUsd += cost;
    if (request.kind === 'subagent') {
      subagents++;
      bill.subagentUsd += cost;
    } else {
      compactions++;
      bill.compactionUsd += cost;
    }
  }
  const models = [...new Set(requests.flatMap((r) => (r.kind === 'subagent' && r.model !== undefined ? [r.model] : [])))];
  if (subagents > 0) {
    bill.notes.push(
      `${subagents} subagent request${subagents === 1 ? '' : 's'} (recorded${models.length ? `, ${models.join(', ')}` : ''}): ${usd(bill.subagentUsd)}` +
        (unknown.size > 0 ? `, ${[...unknown].join(', ')} priced as ${prices.model} (not in the price table)` : ''),
    );
  }
  if (compactions > 0) {
    bill.notes.push(`${compactions} compaction request${compactions === 1 ? '' : 's'} (estimated, not in the file: the summary written from the cached history): ${usd(bill.compactionUsd)}`);
  }
  return bill;
}

const usd = (value: number): string => `$${value.toFixed(value >= 1 ? 2 : 3)}`;
