import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useInspector } from '../../state/react';
import { Collapsible } from './block';
import { MessageBody, MessageHead } from './detail-message';
import { cx, formatInt } from '../common/format';
import { WIDE_LAYOUT, useMediaQuery } from '../common/use-media-query';
import { readStoredFlag, writeStoredFlag } from '../common/stored-flag';

const COLLAPSED_KEY = 'prunescope.details-collapsed';

/** Give the keyboard back to the timeline (a drawer closing must not leave focus on nothing). */
function focusTimeline(): void {
  document.getElementById('timeline')?.focus({ preventScroll: true });
}

/**
 * Narrow windows: the button that opens the details drawer (Enter and a double-click on a row open it too), so the
 * details never take the timeline's rows.
 */
export function DetailToggle() {
  const wide = useMediaQuery(WIDE_LAYOUT);
  const open = useInspector((s) => s.detailOpen);
  const selected = useInspector((s) => s.selected);
  const setDetailOpen = useInspector((s) => s.setDetailOpen);
  if (wide) return null;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? 'message-details' : undefined}
      title={open ? 'Close the details (Esc)' : 'Show the selected message in full (Enter)'}
      onClick={() => {
        setDetailOpen(!open);
        if (open) focusTimeline();
      }}
      className={cx(
        'ml-auto whitespace-nowrap rounded-md border px-2 py-0.5 text-[12px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        open ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-500/15 dark:text-indigo-200' : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
      )}
    >
      Details{selected >= 0 ? ` · #${selected}` : ''}
    </button>
  );
}

/**
 * The selected message in full, as text; long outputs behind "Show more"; raw source records on demand. Beside the
 * timeline on wide windows (it can be hidden); below 1440 px a drawer over the timeline's right side, open only
 * when asked, so the rows keep their room and the selected row stays where it is.
 */
export function DetailPane() {
  const wide = useMediaQuery(WIDE_LAYOUT);
  const drawerOpen = useInspector((s) => s.detailOpen);
  const setDetailOpen = useInspector((s) => s.setDetailOpen);
  const detail = useInspector((s) => s.detail);
  const selected = useInspector((s) => s.selected);
  const rows = useInspector((s) => s.rows);
  const [raw, setRaw] = useState(false);
  const { collapsed, toggle, headingRef } = useCollapsedPane();

  if (!wide && !drawerOpen) return null;
  if (wide && collapsed) return <CollapsedPane selected={selected} onShow={() => toggle(false)} />;
  const closeDrawer = () => {
    setDetailOpen(false);
    focusTimeline();
  };
  const hideButton = (
    <button
      type="button"
      aria-expanded={true}
      onClick={() => (wide ? toggle(true) : closeDrawer())}
      title={wide ? 'Hide the details pane' : 'Close the details (Esc)'}
      className="whitespace-nowrap rounded border border-zinc-300 px-2 py-0.5 text-[11.5px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {wide ? 'Hide' : 'Close'}
    </button>
  );
  const shown = detail && detail.index === selected ? detail : undefined;
  const empty = selected < 0 || !rows;

  return (
    <aside
      id="message-details"
      aria-label="Message details"
      data-empty={empty ? 'true' : undefined}
      // Beside the timeline with nothing to show, the pane is a narrow column: the lanes take the width until a row
      // is selected (at 1440 px the empty 360 px pane left them 100 px and their words cut).
      data-narrow={wide && empty ? 'true' : undefined}
      data-drawer={wide ? undefined : 'true'}
      onKeyDown={(e) => {
        if (!wide && e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          closeDrawer();
        }
      }}
      className="detail-pane flex min-h-0 shrink-0 flex-col border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      {empty ? (
        <NoSelection hideButton={hideButton} narrow={wide} />
      ) : (
        <>
          <MessageHead selected={selected} rows={rows} shown={shown} raw={raw} setRaw={setRaw} headingRef={headingRef} hideButton={hideButton} />
          <MessageBody shown={shown} raw={raw} />
        </>
      )}
    </aside>
  );
}

/** Whether the wide pane is hidden (remembered); opening a message (Enter, double-click) shows it and focuses it. */
function useCollapsedPane() {
  const focusSeq = useInspector((s) => s.detailFocusSeq);
  const [collapsed, setCollapsed] = useState(() => readStoredFlag(COLLAPSED_KEY));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [seenFocusSeq, setSeenFocusSeq] = useState(focusSeq);
  if (seenFocusSeq !== focusSeq) {
    setSeenFocusSeq(focusSeq);
    if (collapsed) setCollapsed(false);
  }
  useEffect(() => {
    if (focusSeq > 0) headingRef.current?.focus();
  }, [focusSeq]);
  const toggle = (next: boolean) => {
    setCollapsed(next);
    writeStoredFlag(COLLAPSED_KEY, next);
  };
  return { collapsed, toggle, headingRef };
}

function CollapsedPane({ selected, onShow }: { selected: number; onShow(): void }) {
  return (
    <aside aria-label="Message details" data-collapsed="true" className="detail-pane flex shrink-0 border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/40">
      <button
        type="button"
        aria-expanded={false}
        onClick={onShow}
        title="Show the details pane"
        className="detail-toggle m-1 rounded border border-zinc-300 px-1.5 py-1 text-[11.5px] font-medium text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        Show details{selected >= 0 ? ` · #${selected}` : ''}
      </button>
    </aside>
  );
}

/**
 * No message selected: how to pick one. In the drawer, the system prompt too, which no lane prunes; beside the timeline
 * (`narrow`), the hint alone, in a column narrow enough to leave the lanes their room.
 */
function NoSelection({ hideButton, narrow }: { hideButton: ReactNode; narrow: boolean }) {
  const system = useInspector((s) => s.doc?.system);
  return (
    <div className={cx('scroll-thin flex min-h-0 flex-1 flex-col overflow-auto', narrow && 'gap-2 p-2')}>
      <div className={cx('flex justify-end', !narrow && 'px-2 pt-2')}>{hideButton}</div>
      <div
        className={cx(
          'flex flex-col gap-2 text-zinc-500 dark:text-zinc-400',
          narrow ? 'text-[12px] leading-relaxed' : 'items-center justify-center px-8 pb-8 pt-2 text-center text-sm',
        )}
      >
        <p className="m-0 font-medium text-zinc-700 dark:text-zinc-300">No message selected</p>
        <p className="m-0">
          Click a row, or <kbd className="kbd">j</kbd> / <kbd className="kbd">k</kbd> and <kbd className="kbd">Enter</kbd>: it opens here.
        </p>
      </div>
      {!narrow && system && (
        <section className="mx-4 mb-4 rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950" aria-label="System prompt">
          <header className="border-b border-zinc-200 px-2.5 py-1 text-[11px] font-medium text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            System prompt · never pruned · {formatInt(system.length)} chars
          </header>
          <div className="px-2.5 py-2">
            <Collapsible text={system} />
          </div>
        </section>
      )}
    </div>
  );
}
