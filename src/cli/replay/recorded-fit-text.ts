/**
 * The part of `prunescope replay`'s output that holds the no-pruning replay against the recorded bill: the three
 * figures against their targets, why a figure misses (`explainRecordedFit`, the words the inspector uses too), what
 * the file says about its cache, the requests that part most, and the requests beside the lanes.
 */
import { explainRecordedFit, RECORDED_FIT_TARGETS, type HarnessBill, type RecordedComparison, type RecordedRequestCheck } from '../../lib/index';
import { formatCount, formatTable, formatUsd, wrap } from '../text';

export interface RecordedFitTextOptions {
  calibrated: boolean;
  /** What the agent's harness sends without writing it down (`ExplainRecordedFitOptions.unrecordedInput`). */
  unrecordedInput?: string;
  outputPrice: number;
  /** What the file says about its cache (`ReplayInputs.observedCache.notes`). */
  cacheNotes?: readonly string[];
  /** Every request (`--per-request`), else the five whose bills part most. */
  allRequests: boolean;
  /** The requests beside the main thread, priced, and the no-pruning lane's bill they add to. */
  harness?: { bill: HarnessBill; baselineUsd: number };
}

const signed = (x: number, digits = 1): string => `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(digits)}%`;
const verdict = (ok: boolean): string => (ok ? 'within' : 'missed');

export function recordedFitText(r: RecordedComparison, options: RecordedFitTextOptions): string {
  const fit = explainRecordedFit(r, {
    calibrated: options.calibrated,
    ...(options.unrecordedInput !== undefined ? { unrecordedInput: options.unrecordedInput } : {}),
    outputPrice: options.outputPrice,
  });
  const t = RECORDED_FIT_TARGETS;
  const points = `${fit.sharePoints < 0 ? '−' : '+'}${Math.abs(fit.sharePoints * 100).toFixed(1)} points`;
  const lines = [
    `\nno pruning against the recorded bill (${formatCount(r.requests)} requests${options.calibrated ? ', fitted to it' : ''}):\n`,
    `  input        ${formatCount(r.replayedInputTokens)} replayed vs ${formatCount(r.recordedInputTokens)} recorded: ${signed(fit.inputError)} (target ±${t.input * 100}%: ${verdict(fit.within.input)})\n`,
    `  cache reads  ${(r.replayedCacheReadShare * 100).toFixed(1)}% vs ${(r.recordedCacheReadShare * 100).toFixed(1)}% of input: ${points} (target ±${t.sharePoints * 100}: ${verdict(fit.within.share)})\n`,
    `  bill         ${formatUsd(r.replayedCostUsd ?? 0)} vs ${formatUsd(r.recordedCostUsd ?? 0)}: ${signed(fit.costError)} (target ±${t.bill * 100}%: ${verdict(fit.within.bill)})\n`,
    `  per request  input error median ${(r.medianError * 100).toFixed(1)}%, worst ${(r.worstError * 100).toFixed(1)}%${r.worstMessageIndex !== undefined ? ` (message #${r.worstMessageIndex})` : ''}\n`,
  ];
  for (const note of fit.notes) lines.push(`  ${wrap(`- ${note}`, 118, 4)}\n`);
  if (options.cacheNotes !== undefined && options.cacheNotes.length > 0) {
    lines.push('the cache, as the file shows it:\n');
    for (const note of options.cacheNotes) lines.push(`  ${wrap(`- ${note}`, 118, 4)}\n`);
  }
  const rows = r.perRequest ?? [];
  if (rows.length > 0) {
    const shown = options.allRequests ? rows : [...rows].sort((a, b) => gap(b) - gap(a)).slice(0, 5).sort((a, b) => a.messageIndex - b.messageIndex);
    lines.push(options.allRequests ? 'per request:\n' : `the ${shown.length} requests whose bills part most (--per-request for all ${rows.length}):\n`);
    const header = ['message', 'rule rec/replay', 'input rec', 'replayed', 'read rec', 'replayed', 'cost rec', 'replayed', 'Δ cost'];
    const table = shown.map((row) => [
      `#${row.messageIndex}`,
      `${row.recordedRule ?? '–'}/${row.cacheRule}${row.ruleDiffers === true ? ' ≠' : ''}`,
      formatCount(row.recordedInputTokens),
      formatCount(row.replayedInputTokens),
      formatCount(row.recordedCacheReadTokens),
      formatCount(row.replayedCacheReadTokens),
      formatUsd(row.recordedCostUsd),
      formatUsd(row.replayedCostUsd),
      row.recordedCostUsd > 0 ? signed(row.replayedCostUsd / row.recordedCostUsd - 1, 0) : '–',
    ]);
    lines.push(indent(formatTable(header, table, ['left', 'left', ...header.slice(2).map(() => 'right' as const)])));
  }
  if (options.harness !== undefined && options.harness.bill.notes.length > 0) {
    const { bill, baselineUsd } = options.harness;
    lines.push(`beside the lanes, the same in each: ${bill.notes.join('; ')}; with them, no pruning comes to ${formatUsd(baselineUsd + bill.totalUsd)}\n`);
  }
  return lines.join('');
}

function gap(row: RecordedRequestCheck): number {
  return Math.abs(row.replayedCostUsd - row.recordedCostUsd);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
