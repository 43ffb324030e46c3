import type { SummaryItem } from './types';

/** An entry's text: a string as it is, a function's answer, a shell run as `` `command` → exit N`` (or `→ failed`). */
export function summaryItemText(item: SummaryItem): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'function') return item();
  const { ran } = item;
  return `\`${item.command}\`${typeof ran === 'number' ? ` → exit ${ran}` : ran ? ' → failed' : ''}`;
}
