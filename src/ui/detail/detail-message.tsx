/** The selected message in the details pane: what it is, what each lane does with it, and its content. */
import type { ReactNode, RefObject } from 'react';
import { FATE_NAMES, REASON_TEXT, scoreBreakdown, type MessageFate, type ReasonCode } from '../../core';
import { partnersOf, type Inspector } from '../../state';
import { useInspector, useInspectorStore } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import type { MessageDetail } from '../../worker/protocol';
import { Block, Collapsible } from './block';
import { copyText } from '../common/clipboard';
import { FateBadge } from '../common/fate-badge';
import { cx, formatInt } from '../common/format';

type Rows = NonNullable<Inspector['rows']>;

interface HeadProps {
  selected: number;
  rows: Rows;
  /** The worker's full message, once it has answered for `selected`. */
  shown: MessageDetail | undefined;
  raw: boolean;
  setRaw(raw: boolean): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  hideButton: ReactNode;
}

/** Its number, role and size, its actions, each lane's fate and why, the bill, the score and its tool links. */
export function MessageHead({ selected, rows, shown, raw, setRaw, headingRef, hideButton }: HeadProps) {
  return (
    <div className="shrink-0 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="m-0 whitespace-nowrap text-[15px] font-semibold text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-100">
          Message #{selected}{' '}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">· {rows.role[selected] === 1 ? 'assistant' : 'user'}</span>
        </h2>
        <div className="flex gap-1">
          <MessageActions selected={selected} shown={shown} raw={raw} setRaw={setRaw} />
          {hideButton}
        </div>
      </div>
      <p className="m-0 mt-1 font-mono text-[12px] tabular-nums text-zinc-500 dark:text-zinc-400">
        {formatInt(rows.tokens[selected] as number)} tokens · {formatInt(rows.chars[selected] as number)} chars
        {shown?.sourceLines.length ? ` · line ${shown.sourceLines.slice(0, 4).join(', ')}${shown.sourceLines.length > 4 ? '…' : ''}` : ''}
        {shown?.compactSummary ? ' · compact summary' : ''}
        {shown?.meta ? ' · meta' : ''}
      </p>
      <LaneFates selected={selected} />
      {shown?.usage && (
        <p className="m-0 mt-2 text-[11.5px] text-zinc-700 dark:text-zinc-300" data-testid="request-usage">
          The request this answers was billed {formatInt(shown.usage.recorded)} input tokens; its messages count {formatInt(Math.round(shown.usage.counted))}, so{' '}
          {formatInt(Math.round(shown.usage.residual))} are what the file does not hold for this request: the system prompt and tool definitions, and what the agent added without writing it down (reminders, hook output).
        </p>
      )}
      {shown && <LaneExplains explain={shown.explain} />}
      <Breakdown index={selected} total={rows.count} tool={rows.hasToolBlock[selected] === 1} chars={rows.chars[selected] as number} score={rows.score[selected] as number} />
      <PartnerLinks selected={selected} rows={rows} />
    </div>
  );
}

const TOGGLE = 'whitespace-nowrap rounded border px-2 py-0.5 text-[11.5px] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const TOGGLE_OFF = 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800';

/** Raw JSON, Pin, Copy JSON. */
function MessageActions({ selected, shown, raw, setRaw }: Pick<HeadProps, 'selected' | 'shown' | 'raw' | 'setRaw'>) {
  const pinned = useInspector((s) => s.pinned.includes(s.selected));
  const togglePin = useInspector((s) => s.togglePin);
  const announce = useInspector((s) => s.announce);
  return (
    <>
      <button type="button" aria-pressed={raw} onClick={() => setRaw(!raw)} className={cx(TOGGLE, raw ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300' : TOGGLE_OFF)}>
        Raw JSON
      </button>
      <button
        type="button"
        aria-pressed={pinned}
        title="Pinned messages (with their tool calls or results) are never dropped, summarized or masked by any lane (⇧P)"
        onClick={() => togglePin(selected)}
        className={cx(TOGGLE, pinned ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200' : TOGGLE_OFF)}
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
    </>
  );
}

/** What each lane does with the selected message, and why. */
function LaneFates({ selected }: { selected: number }) {
  const plans = useInspector((s) => s.plans);
  const lanes = useInspector((s) => s.lanes);
  const labels = laneLabels(lanes);
  return (
    <ul className="m-0 mt-2 flex list-none flex-col gap-1 p-0" aria-label="What each lane does with it">
      {lanes.map((lane, k) => {
        const plan = plans[lane.id];
        const label = labels[k] ?? lane.strategy;
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
  );
}

/** A lane's own account of the message (the governor's intent and score terms, for one). */
function LaneExplains({ explain }: { explain: MessageDetail['explain'] }) {
  const lanes = useInspector((s) => s.lanes);
  return explain.map((e) => (
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
  ));
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

/** Jumps to the tool calls or results linked to the selected message. */
function PartnerLinks({ selected, rows }: { selected: number; rows: Rows }) {
  const store = useInspectorStore();
  const partners = Array.from(partnersOf(rows, selected) ?? []);
  if (partners.length === 0) return null;
  return (
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
  );
}

/** The message's content blocks, or its source records and canonical form as JSON. */
export function MessageBody({ shown, raw }: { shown: MessageDetail | undefined; raw: boolean }) {
  return (
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
  );
}
