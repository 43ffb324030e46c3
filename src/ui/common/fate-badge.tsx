import type { MessageFate } from '../../core';
import { cx } from './format';

const LABEL: Record<MessageFate, string> = { kept: 'Kept', dropped: 'Dropped', summarized: 'Summarized', masked: 'Masked' };
/** What a narrow place shows for the word (`ShortWord`): the cells and the lane headers' counts. */
const SHORT_LABEL: Record<MessageFate, string> = { kept: 'Kept', dropped: 'Drop.', summarized: 'Summ.', masked: 'Mask.' };

export function FateIcon({ fate, className }: { fate: MessageFate; className?: string }) {
  // Distinct shapes: a check, a cross, a stack of lines, a blank box.
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={cx('h-3.5 w-3.5 shrink-0', className)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {fate === 'kept' && <path d="M3.5 8.5l3 3 6-7" />}
      {fate === 'dropped' && <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />}
      {fate === 'summarized' && <path d="M3 5h10M3 8h7M3 11h4" />}
      {fate === 'masked' && <rect x="2.5" y="4.5" width="11" height="7" rx="1" />}
    </svg>
  );
}

export function fateLabel(fate: MessageFate): string {
  return LABEL[fate];
}

export function fateShortLabel(fate: MessageFate): string {
  return SHORT_LABEL[fate];
}

/** A fate as icon + word on its pattern; `compact` for the timeline cells. */
export function FateBadge({ fate, compact = false, className }: { fate: MessageFate; compact?: boolean; className?: string }) {
  return (
    <span
      className={cx(
        'fate inline-flex items-center gap-1.5 font-medium',
        `fate-${fate}`,
        compact ? 'h-full w-full px-2 text-[12px]' : 'rounded px-1.5 py-0.5 text-xs',
        fate === 'dropped' && 'line-through decoration-1',
        className,
      )}
    >
      <FateIcon fate={fate} />
      <span>{LABEL[fate]}</span>
    </span>
  );
}
