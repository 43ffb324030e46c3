/** What the detail pane and the top bar say beyond a message's fate: lanes' explanations, recorded usage. */
import type { TotalComparison, UsageComparison } from '../core';
import type { Doc } from './doc';
import type { MessageDetail, UsageSummary } from './protocol';

/** What each cached plan that explains itself says about message `index`. */
export function explanations(d: Doc, index: number): MessageDetail['explain'] {
  const out: MessageDetail['explain'] = [];
  for (const [key, plan] of d.plans) {
    const about = plan.explain?.about(index);
    if (about) out.push({ laneId: d.laneOfKey.get(key) ?? '', title: about.title, facts: about.facts.map((f) => [f[0], f[1]] as const) });
  }
  return out;
}

/** The recorded bill of the request whose response is message `index`, beside what is counted for it. */
export function usageOf(d: Doc, index: number): Pick<MessageDetail, 'usage'> {
  const request = d.usage?.requests.find((r) => r.messageIndex === index);
  return request ? { usage: { recorded: request.recorded, counted: request.counted, residual: request.residual } } : {};
}

/** What the top bar says of the file's recorded usage: per request, the run's total, or both; undefined for neither. */
export function usageSummary(usage: UsageComparison | undefined, total?: TotalComparison): UsageSummary | undefined {
  if (usage === undefined && total === undefined) return undefined;
  const last = usage?.requests[usage.requests.length - 1];
  return {
    requests: usage?.requests.length ?? 0,
    ...(usage?.fixedTokens !== undefined ? { fixedTokens: usage.fixedTokens } : {}),
    ...(usage?.medianGrowthRatio !== undefined ? { medianGrowthRatio: usage.medianGrowthRatio } : {}),
    ...(last ? { last: { messageIndex: last.messageIndex, recorded: last.recorded, counted: last.counted } } : {}),
    ...(total ? { total } : {}),
  };
}
