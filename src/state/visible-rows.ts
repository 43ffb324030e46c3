/**
 * Which rows the timeline shows, in order: the messages passing the filters, plus the summarize strategy's
 * synthetic summary message (`SUMMARY_ROW`) placed where it lands, just before the first message it keeps.
 * O(n) typed-array work; cheap enough to redo on every plan at 100k messages.
 */
import { FATE, type PruneStrategy } from '../core';
import { STRATEGIES, type PlanResult, type RowData } from '../worker/protocol';
import type { Filters } from './view';

export const SUMMARY_ROW = -1;

export function visibleRows(
  rows: RowData,
  plans: readonly PlanResult[] | undefined,
  filters: Filters,
  matchMask: Uint8Array | undefined,
): Int32Array {
  const { count } = rows;
  const roleWanted = filters.roles.length === 1 ? (filters.roles[0] === 'assistant' ? 1 : 0) : -1;
  let toolWanted: Uint8Array | undefined;
  if (filters.tools.length > 0) {
    toolWanted = new Uint8Array(rows.toolNames.length);
    const wanted = new Set(filters.tools);
    rows.toolNames.forEach((name, id) => {
      if (wanted.has(name)) toolWanted![id] = 1;
    });
  }
  const fateChecks: { fates: Uint8Array; allowed: Uint8Array }[] = [];
  for (const strategy of STRATEGIES) {
    const wanted = filters.fates[strategy];
    const plan = planFor(plans, strategy);
    if (!wanted?.length || !plan) continue;
    const allowed = new Uint8Array(3);
    for (const f of wanted) allowed[FATE[f]] = 1;
    fateChecks.push({ fates: plan.fates, allowed });
  }
  const onlyMatches = filters.matchesOnly && matchMask !== undefined;

  const summarize = planFor(plans, 'summarize');
  const cut = summarize && summarize.summarized > 0 ? summarize.summarized : -1;
  const out = new Int32Array(count + 1);
  let n = 0;
  let summaryPlaced = cut < 0;
  const filtering = roleWanted >= 0 || toolWanted !== undefined || fateChecks.length > 0 || onlyMatches;

  for (let i = 0; i < count; i++) {
    if (filtering) {
      if (roleWanted >= 0 && rows.role[i] !== roleWanted) continue;
      if (onlyMatches && !matchMask![i]) continue;
      if (toolWanted) {
        let hit = false;
        for (let k = rows.toolNameOffsets[i] as number, end = rows.toolNameOffsets[i + 1] as number; k < end; k++) {
          if (toolWanted[rows.toolNameIds[k] as number]) {
            hit = true;
            break;
          }
        }
        if (!hit) continue;
      }
      let pass = true;
      for (const check of fateChecks) {
        if (!check.allowed[check.fates[i] as number]) {
          pass = false;
          break;
        }
      }
      if (!pass) continue;
    }
    if (!summaryPlaced && i >= cut) {
      out[n++] = SUMMARY_ROW;
      summaryPlaced = true;
    }
    out[n++] = i;
  }
  if (!summaryPlaced && !filtering) out[n++] = SUMMARY_ROW;
  return out.slice(0, n);
}

export function planFor(plans: readonly PlanResult[] | undefined, strategy: PruneStrategy): PlanResult | undefined {
  return plans?.find((p) => p.strategy === strategy);
}

/** Message `index`'s tool partners (its calls' results, its results' calls), or undefined when it has none. */
export function partnersOf(rows: RowData | undefined, index: number): Int32Array | undefined {
  if (!rows || index < 0 || index >= rows.count) return undefined;
  const start = rows.partnerOffsets[index] as number;
  const end = rows.partnerOffsets[index + 1] as number;
  return end > start ? rows.partners.subarray(start, end) : undefined;
}

export type FilterName = 'role' | 'tool' | 'fate' | 'matches';

/** Which filters hide message `index` (empty when it is shown). Cheap: one message, no array built. */
export function hiddenBy(
  rows: RowData,
  plans: readonly PlanResult[] | undefined,
  filters: Filters,
  matchMask: Uint8Array | undefined,
  index: number,
): FilterName[] {
  const reasons: FilterName[] = [];
  if (index < 0 || index >= rows.count) return reasons;
  if (filters.roles.length === 1 && (rows.role[index] === 1 ? 'assistant' : 'user') !== filters.roles[0]) reasons.push('role');
  if (filters.tools.length > 0) {
    const wanted = new Set(filters.tools);
    let hit = false;
    for (let k = rows.toolNameOffsets[index] as number, end = rows.toolNameOffsets[index + 1] as number; k < end && !hit; k++) {
      hit = wanted.has(rows.toolNames[rows.toolNameIds[k] as number] ?? '');
    }
    if (!hit) reasons.push('tool');
  }
  for (const strategy of STRATEGIES) {
    const wanted = filters.fates[strategy];
    const plan = planFor(plans, strategy);
    if (!wanted?.length || !plan) continue;
    if (!wanted.some((f) => FATE[f] === plan.fates[index])) {
      reasons.push('fate');
      break;
    }
  }
  if (filters.matchesOnly && matchMask !== undefined && !matchMask[index]) reasons.push('matches');
  return reasons;
}

/** The filters with the given ones cleared. */
export function relaxFilters(filters: Filters, reasons: readonly FilterName[]): Filters {
  return {
    roles: reasons.includes('role') ? [] : filters.roles,
    tools: reasons.includes('tool') ? [] : filters.tools,
    fates: reasons.includes('fate') ? {} : filters.fates,
    matchesOnly: reasons.includes('matches') ? false : filters.matchesOnly,
  };
}
