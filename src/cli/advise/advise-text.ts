import { describeSetting, type AdvicePoint } from '../../lib/index';
import { formatChange, formatCount, formatShare, formatTable, formatUsd } from '../text';
import type { AdviseJson } from './types';

const percent = (share: number): string => formatShare(share, 1);
/** A change against no pruning (−0.4) as `−40.0%`. */
const signed = (change: number): string => formatChange(1 + change, 1);

/** `advise`'s answer for people: the recommendation and why, how sure across the corpus, the frontier as a table. */
export function adviseText(json: AdviseJson): string {
  const read = json.files.filter((f) => f.error === undefined).length;
  const swept = json.conversations.filter((c) => c.sweep !== undefined);
  const windows = [...new Set(swept.map((c) => c.sweep?.window))];
  const models = [...new Set(swept.map((c) => c.pricedWith ?? c.model).filter((m) => m !== undefined))];
  const lines = [
    `${formatCount(swept.length)} conversation${swept.length === 1 ? '' : 's'} swept in ${read} file${read === 1 ? '' : 's'}; ` +
      `${formatCount(json.points.length)} settings; window ${windows.map((w) => formatCount(w ?? 0)).join(', ')} tokens${windows.length > 1 ? ' (give --window for one grid)' : ''}`,
    `priced with ${models.join('; ') || '–'}`,
    '',
  ];
  if (json.partial > 0) {
    lines.splice(2, 0, `${formatCount(json.partial)} settings were swept on only some conversations (their windows differ): left out of the frontier and the recommendation, whose sums would compare unequal sets; give --window for one grid.`);
  }
  const rec = json.recommendation;
  if (rec === null) lines.push(`No recommendation. ${json.reason}`);
  else {
    lines.push(`Recommended: ${json.reason}`);
    if (json.conversations.length > 1) {
      const [low, high] = rec.spread.loss;
      const [cheap, dear] = rec.spread.costChange;
      lines.push(
        `Across the corpus: the best setting for ${rec.best.count} of ${rec.best.of} conversations; its loss ${percent(low)} to ${percent(high)}, its cost ${signed(cheap)} to ${signed(dear)} beside no pruning.`,
      );
    }
  }
  lines.push('', 'Frontier (no other setting is both cheaper and loses less):');
  const none = json.points.find((p) => p.strategy === 'none');
  // Settings with the same figures (all those that never prune a short transcript) take one row.
  const groups: AdvicePoint[][] = [];
  for (const p of json.frontier) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (last !== undefined && head !== undefined && head.costUsd === p.costUsd && head.loss === p.loss && p.key !== rec?.key) last.push(p);
    else groups.push([p]);
  }
  const rows = groups.map(([p, ...same]) => {
    const point = p as AdvicePoint;
    const label = `${point.key === rec?.key ? '*' : ' '} ${describeSetting(point)}${same.length > 0 ? ` (and ${same.length} more alike)` : ''}`;
    return [
      label,
      formatUsd(point.costUsd),
      none === undefined || point.strategy === 'none' ? '' : formatChange(point.costUsd, none.costUsd),
      percent(point.loss),
      formatCount(point.peakInputTokens),
      formatCount(point.overWindow),
    ];
  });
  lines.push(formatTable(['setting', 'cost', 'vs none', 'loss', 'peak input', 'over window'], rows, ['left', 'right', 'right', 'right', 'right', 'right']).trimEnd());
  // Settings of one strategy left out for one reason (its plan keeps as much at every bound) are said once.
  for (const note of new Set(json.skipped.map((s) => `note: ${s.strategy} ${s.mode}: ${s.reason}`))) lines.push(note);
  return `${lines.join('\n')}\n`;
}

