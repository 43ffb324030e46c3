/**
 * Jumping to a message (a tool partner, a linked id): when the filters hide it, the filters that hide it are
 * cleared first, and a visible notice says so (with a way back), so a jump never selects a row you cannot see.
 */
import { useSyncExternalStore } from 'react';
import type { InspectorStore } from '../../state';
import { hiddenBy, relaxFilters, type FilterName } from '../../state/visible-rows';
import { partnersOf, type Filters } from '../../state';

const FILTER_LABEL: Record<FilterName, string> = { role: 'Role', tool: 'Tools', fate: 'Fates', matches: 'Only matches' };

export interface JumpNotice {
  text: string;
  /** The filters before the jump relaxed them. */
  previous: Filters;
  seq: number;
}

let notice: JumpNotice | undefined;
let seq = 0;
const listeners = new Set<() => void>();

function setNotice(next: JumpNotice | undefined): void {
  notice = next;
  for (const listener of listeners) listener();
}

export function dismissJumpNotice(): void {
  if (notice) setNotice(undefined);
}

export function useJumpNotice(): JumpNotice | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
  );
}

function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** Select message `target` and scroll to it, first clearing any filter that hides it. */
export function jumpTo(store: InspectorStore, target: number): void {
  const s = store.getState();
  if (!s.rows || target < 0 || target >= s.rows.count) return;
  const reasons = hiddenBy(s.rows, s.plans, s.filters, s.matchMask, target);
  if (reasons.length > 0) {
    const previous = s.filters;
    s.setFilters(relaxFilters(s.filters, reasons));
    const names = listNames(reasons.map((r) => FILTER_LABEL[r]));
    const text = `#${target} was hidden by the ${names} filter${reasons.length > 1 ? 's' : ''}; cleared ${reasons.length > 1 ? 'them' : 'it'} to show it.`;
    setNotice({ text, previous, seq: ++seq });
    s.announce(text);
  }
  store.getState().select(target, { scroll: true });
}

/** Jump to message `index`'s first tool partner, if it has one. */
export function jumpToPartner(store: InspectorStore, index: number): void {
  const target = partnersOf(store.getState().rows, index)?.[0];
  if (target !== undefined) jumpTo(store, target);
}
