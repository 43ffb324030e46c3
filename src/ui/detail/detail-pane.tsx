import { useEffect, useRef, useState } from 'react';
import { FATE_NAMES, REASON_TEXT, scoreBreakdown, type MessageFate, type ReasonCode } from '../../core';
import { partnersOf } from '../../state';
import { useInspector, useInspectorStore } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import { Block, Collapsible } from './block';
import { copyText } from '../common/clipboard';
import { FateBadge } from '../common/fate-badge';
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
  const plans = useInspector((s) => s.plans);
  const lanes = useInspector((s) => s.lanes);
  const pinned = useInspector((s) => s.pinned.includes(s.selected));
  const togglePin = useInspector((s) => s.togglePin);
  const focusSeq = useInspector((s) => s.detailFocusSeq);
  const store = useInspectorStore();
  const announce = useInspector((s) => s.announce);
  const system = useInspector((s) => s.doc?.system);
  const [raw, setRaw] = useState(false);
  const [collapsed, setCollapsed] = useState(() => readStoredFlag(COLLAPSED_KEY));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opening a message (Enter, double-click) opens the pane too.
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

  if (!wide && !drawerOpen) return null;
  if (wide && collapsed) {
    return (
      <aside aria-label="Message details" data-collapsed="true" className="detail-pane flex shrink-0 border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/40">
        <button
          type="button"
          aria-expanded={false}
          onClick={() => toggle(false)}
          title="Show the details pane"
          className="detail-toggle m-1 rounded border border-zinc-300 px-1.5 py-1 text-[11.5px] font-medium text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          Show details{selected >= 0 ? ` · #${selected}` : ''}
        </button>
      </aside>
    );
  }
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
  const partners = Array.from(partnersOf(rows, selected) ?? []);

  return (
    <aside
      id="message-details"
      aria-label="Message details"
      data-empty={selected < 0 || !rows ? 'true' : undefined}
      data-drawer={wide ? undefined : 'true'}
      onKeyDown={(e) => {
        if (!wide && e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          closeDrawer();
        }
      }}
      className="detail-pane flex min-h-0 shrink-0 flex-col border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      {selected < 0 || !rows ? (
        <div className="scroll-thin flex min-h-0 flex-1 flex-col overflow-auto">
          <div className="flex justify-end px-2 pt-2">{hideButton}</div>
          <div className="flex flex-col items-center justify-center gap-2 px-8 pb-8 pt-2 text-center text-sm text-zinc-500 dark:text-zinc-400">
            <p className="m-0 font-medium text-zinc-700 dark:text-zinc-300">No message selected</p>
            <p className="m-0">
              Click a row, or press <kbd className="kbd">j</kbd> / <kbd className="kbd">k</kbd> to move and <kbd className="kbd">Enter</kbd> to open it here.
            </p>
          </div>
          {system && (
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
      ) : (
        <>
          <div className="shrink-0 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 ref={headingRef} tabIndex={-1} className="m-0 whitespace-nowrap text-[15px] font-semibold text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-100">
                Message #{selected}{' '}
                <span className="font-normal text-zinc-500 dark:text-zinc-400">· {rows.role[selected] === 1 ? 'assistant' : 'user'}</span>
              </h2>
              <div className="flex gap-1">
                <button
                  type="button"
                  aria-pressed={raw}
                  onClick={() => setRaw(!raw)}
                  className={cx(
                    'whitespace-nowrap rounded border px-2 py-0.5 text-[11.5px] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                    raw
                      ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
                      : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
                  )}
                >
                  Raw JSON
                </button>
                <button
                  type="button"
                  aria-pressed={pinned}
                  title="Pinned messages (with their tool calls or results) are never dropped, summarized or masked by any lane (⇧P)"
                  onClick={() => togglePin(selected)}
                  className={cx(
                    'whitespace-nowrap rounded border px-2 py-0.5 text-[11.5px] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                    pinned ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200' : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
                  )}
                >
                  {pinned ? 'Unpin' : 'Pin'}
                </button>
                <button
                  type="button"
                  disabled={!shown}
                  onClick={() => {
                    if (!shown) return;
                    void copyText(shown.messageJson).then(() => announce(`Copied message #${shown.index} as JSON.`));
                  }}
                  className="whitespace-nowrap rounded border border-zinc-300 px-2 py-0.5 text-[11.5px] text-zinc-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
                >
                  Copy JSON
                </button>
                {hideButton}
              </div>
            </div>
            <p className="m-0 mt-1 font-mono text-[12px] tabular-nums text-zinc-500 dark:text-zinc-400">
              {formatInt(rows.tokens[selected] as number)} tokens · {formatInt(rows.chars[selected] as number)} chars
              {shown?.sourceLines.length ? ` · line ${shown.sourceLines.slice(0, 4).join(', ')}${shown.sourceLines.length > 4 ? '…' : ''}` : ''}
              {shown?.compactSummary ? ' · compact summary' : ''}
              {shown?.meta ? ' · meta' : ''}
            </p>
            <ul className="m-0 mt-2 flex list-none flex-col gap-1 p-0" aria-label="What each lane does with it">
              {lanes.map((lane, k) => {
                const plan = plans[lane.id];
                const label = laneLabels(lanes)[k] ?? lane.strategy;
                if (!plan) {
                  return (
                    <li key={lane.id} className="text-[11.5px] text-zinc-600 dark:text-zinc-400">
                      {label}: planning…
                    </li>
                  );
                }
                const fate: MessageFate = FATE_NAMES[plan.fates[selected] ?? 0] ?? 'kept';
                const why = REASON_TEXT[(plan.reasons[selected] ?? 0) as ReasonCode];
                return (
                  <li key={lane.id} className="flex items-start gap-1.5 text-[11.5px] text-zinc-700 dark:text-zinc-300" data-lane={lane.id}>
                    <span className="w-28 shrink-0 truncate pt-0.5 text-zinc-600 dark:text-zinc-400" title={label}>
                      {label}
                    </span>
                    <FateBadge fate={fate} />
                    <span className="min-w-0 pt-0.5">{why}</span>
                  </li>
                );
              })}
            </ul>
            {shown?.usage && (
              <p className="m-0 mt-2 text-[11.5px] text-zinc-700 dark:text-zinc-300" data-testid="request-usage">
                The request this answers was billed {formatInt(shown.usage.recorded)} input tokens; its messages count {formatInt(Math.round(shown.usage.counted))}, so{' '}
                {formatInt(Math.round(shown.usage.residual))} are what the file does not hold (system prompt, tool definitions).
              </p>
            )}
            {shown?.explain.map((e) => (
              <div key={e.laneId} className="mt-2 rounded border border-zinc-200 p-1.5 text-[11.5px] dark:border-zinc-800" data-testid="lane-explain">
                <p className="m-0 font-medium text-zinc-800 dark:text-zinc-200">
                  {laneLabels(lanes)[lanes.findIndex((l) => l.id === e.laneId)] ?? 'Lane'}: {e.title}
                </p>
                <dl className="m-0 mt-0.5 grid grid-cols-[auto_1fr] gap-x-3 font-mono tabular-nums text-zinc-700 dark:text-zinc-300">
                  {e.facts.map(([name, value]) => (
                    <div key={name} className="contents">
                      <dt className="font-sans text-zinc-600 dark:text-zinc-400">{name}</dt>
                      <dd className="m-0 min-w-0 break-words">{value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
            <Breakdown index={selected} total={rows.count} tool={rows.hasToolBlock[selected] === 1} chars={rows.chars[selected] as number} score={rows.score[selected] as number} />
            {partners.length > 0 && (
              <div className="mt-2 flex flex-wrap items-center gap-1.5 text-[12px]">
                <span className="text-zinc-500 dark:text-zinc-400">Linked:</span>
                {partners.map((p) => (
                  <button
                    key={p}
                    type="button"
                    onClick={() => store.getState().jumpTo(p)}
                    className="rounded border border-sky-400 px-1.5 py-0.5 font-mono text-[11.5px] text-sky-700 hover:bg-sky-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-sky-600 dark:text-sky-300 dark:hover:bg-sky-500/10"
                  >
                    {p > selected ? `Jump to result #${p}` : `Jump to call #${p}`}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div className="detail-body scroll-thin min-h-0 flex-1 overflow-auto px-4 py-3" aria-busy={!shown}>
            {!shown ? (
              <p className="m-0 text-sm text-zinc-500 dark:text-zinc-400">Loading…</p>
            ) : raw ? (
              <>
                <h3 className="m-0 mb-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
                  Source record{shown.sourceLines.length === 1 ? '' : 's'}
                </h3>
                <Collapsible key={`src-${shown.index}`} text={shown.sourceJson} mono />
                <h3 className="m-0 mb-1 mt-4 text-[11px] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Canonical message</h3>
                <Collapsible key={`msg-${shown.index}`} text={shown.messageJson} mono />
              </>
            ) : (
              shown.blocks.map((block, k) => <Block key={`${shown.index}-${k}`} block={block} />)
            )}
          </div>
        </>
      )}
    </aside>
  );
}

function Breakdown({ index, total, tool, chars, score }: { index: number; total: number; tool: boolean; chars: number; score: number }) {
  const b = scoreBreakdown(index, total, tool, chars);
  return (
    <p className="m-0 mt-2 text-[12px] text-zinc-600 dark:text-zinc-400">
      Importance <span className="font-mono font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{score.toFixed(3)}</span>
      <span className="font-mono tabular-nums">
        {' '}
        = recency {b.recency.toFixed(3)} + tool {b.toolBonus.toFixed(1)} + length {b.length.toFixed(3)}
      </span>
    </p>
  );
}
