import { useId } from 'react';
import { Popover } from './popover';
import { useInspector } from '../../state/react';
import { FORMAT_LABEL, cx, formatBytes, formatInt, plural } from '../common/format';
import { LoadControls } from '../load/load-controls';
import { ThemeToggle } from '../theme/theme-toggle';

const CHIP =
  'whitespace-nowrap rounded px-1.5 py-px text-[11px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/**
 * The file and how it is read. Items wrap onto a second line rather than overlap when the window is narrow: the
 * conversation picker, the badges and the buttons always stay reachable (checked by an e2e test at 1024–1440 px).
 * The bar holds two lines' height from the first paint (the tagline's too): a file's name, badges and notes take two
 * lines at 1024–1440 px, and the tagline's one line grew to them when the file came, pushing the page down (CLS 0.09–0.13).
 * Two lines of its tallest item (the scope switch, 22.75 px) and a 2 px gap: 46.5 px, what it took at 1280 and 1440 px
 * (any more and 1280 × 800 shows a row less); with the 6 px gap it had, 1024 px took 49.75.
 */
const DOC_BAR_HEIGHT = 'min-h-[46.5px]';

export function TopBar() {
  const doc = useInspector((s) => s.doc);
  const setHelpOpen = useInspector((s) => s.setHelpOpen);
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1.5 border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-950">
      <h1 className="m-0 text-[15px] font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        prune<span className="text-indigo-600 dark:text-indigo-400">scope</span>
      </h1>
      {doc ? (
        <div className={cx('flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-0.5 text-[13px]', DOC_BAR_HEIGHT)} data-testid="doc-bar">
          <span className="min-w-[4rem] max-w-[min(32vw,28rem)] truncate font-medium text-zinc-900 dark:text-zinc-100" title={doc.fileName} data-testid="file-name">
            {doc.fileName}
          </span>
          <span className="shrink-0 rounded border border-zinc-300 px-1.5 py-px text-[11px] font-medium text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-testid="format">
            {FORMAT_LABEL[doc.format] ?? doc.format}
          </span>
          <span
            className="shrink-0 font-mono text-[12px] tabular-nums text-zinc-600 dark:text-zinc-400"
            data-testid="doc-stats"
            title={`${plural(doc.count, 'message')} · ${plural(doc.pairCount, 'tool pair')}${doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan')}` : ''} · ${formatBytes(doc.bytes)}`}
          >
            {plural(doc.count, 'message')} · {plural(doc.pairCount, 'tool pair')}
            {doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan')}` : ''}
          </span>
          {doc.conversations.length > 1 && <ConversationPicker />}
          {doc.hasBoundary && <ScopeSwitch />}
          <RepairChip />
          {doc.warningCount > 0 && <ParseWarnings />}
          {doc.skipped.length > 0 && <SkippedNote />}
        </div>
      ) : (
        <div className={cx('flex min-w-0 flex-1 items-center text-[13px] text-zinc-600 dark:text-zinc-400', DOC_BAR_HEIGHT)}>See what your agent loses when its conversation is pruned.</div>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <LoadControls />
        <ThemeToggle />
        <button
          type="button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setHelpOpen(true)}
          className="inline-flex h-7 w-7 items-center justify-center rounded-md border border-zinc-300 bg-white text-[13px] font-semibold text-zinc-700 shadow-sm hover:bg-zinc-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          ?
        </button>
      </div>
    </header>
  );
}

function ConversationPicker() {
  const doc = useInspector((s) => s.doc);
  // While another conversation opens, the picker shows the one asked for rather than snapping back to the old one.
  const opening = useInspector((s) => s.loading?.conversation);
  const selectConversation = useInspector((s) => s.selectConversation);
  const id = useId();
  if (!doc) return null;
  return (
    <span className="flex min-w-0 items-center gap-1.5" data-testid="conversation-picker">
      <label htmlFor={id} className="shrink-0 text-[12px] text-zinc-600 dark:text-zinc-400">
        Conversation
      </label>
      <select
        id={id}
        value={opening ?? doc.conversationIndex}
        onChange={(e) => void selectConversation(Number(e.currentTarget.value))}
        className="w-[14rem] min-w-[7rem] truncate rounded-md border border-zinc-300 bg-white py-0.5 pl-1.5 pr-6 text-[12.5px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {doc.conversations.map((c, i) => (
          <option key={`${c.id}-${i}`} value={i}>
            {i + 1}. {c.title} ({c.count})
          </option>
        ))}
      </select>
      <span className="shrink-0 font-mono text-[11px] text-zinc-600 dark:text-zinc-400">of {formatInt(doc.conversations.length)}</span>
    </span>
  );
}

/** A compacted conversation: the context the agent last sent (from the last boundary on), or the whole history. */
function ScopeSwitch() {
  const doc = useInspector((s) => s.doc);
  const setScope = useInspector((s) => s.setScope);
  if (!doc) return null;
  const options = [
    { scope: 'last-sent' as const, label: 'As last sent', title: 'From the last compaction on: the context the agent really sent last' },
    { scope: 'whole' as const, label: 'Whole history', title: `All ${formatInt(doc.wholeCount)} messages, as if the agent had never compacted` },
  ];
  return (
    <div role="radiogroup" aria-label="Which messages" className="inline-flex shrink-0 overflow-hidden rounded-md border border-zinc-300 text-[11.5px] dark:border-zinc-700">
      {options.map((o) => (
        <button
          key={o.scope}
          type="button"
          role="radio"
          aria-checked={doc.scope === o.scope}
          title={o.title}
          onClick={() => void setScope(o.scope)}
          className={cx(
            'px-2 py-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500',
            doc.scope === o.scope ? 'bg-indigo-600 text-white' : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** "Repair input": on by default, with what it changed one click away, and one click to turn it off. */
function RepairChip() {
  const doc = useInspector((s) => s.doc);
  const setRepair = useInspector((s) => s.setRepair);
  const select = useInspector((s) => s.select);
  if (!doc) return null;
  const { on, changeCount, changes } = doc.repair;
  if (!on) {
    return (
      <button type="button" onClick={() => void setRepair(true)} className={cx(CHIP, 'border border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800')} title="The input is shown as logged. Repair it: remove what the API refuses (blank text blocks, orphan tool blocks)">
        Repair: off
      </button>
    );
  }
  return (
    <span className="shrink-0">
      <Popover
        button={changeCount === 0 ? 'Repair: nothing to fix' : `Repaired: ${plural(changeCount, 'change')}`}
        title="What repair changed in the input before pruning"
        buttonClassName={cx(CHIP, changeCount > 0 ? 'bg-emerald-100 text-emerald-900 hover:bg-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200' : 'border border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300')}
        panelLabel="Repair input"
        width={460}
      >
        <>
          <div className="flex items-start justify-between gap-3 px-1 pb-1.5">
            <p className="m-0 text-[11.5px] text-zinc-600 dark:text-zinc-400">
              Before pruning, the input is repaired the way the API needs it: blank text blocks, tool calls or results without their partner, and same-role runs. Every lane and export uses the repaired messages.
            </p>
            <button type="button" data-popover-close onClick={() => void setRepair(false)} className="shrink-0 rounded border border-zinc-300 px-1.5 py-0.5 text-[11.5px] hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:hover:bg-zinc-800">
              Turn off
            </button>
          </div>
          <ol className="m-0 list-none p-0">
            {changes.map((c, i) => (
              <li key={i} className="flex items-start gap-2 border-t border-zinc-100 px-1 py-1.5 leading-snug dark:border-zinc-800">
                <button type="button" data-popover-close onClick={() => select(c.index, { scroll: true })} className="shrink-0 rounded border border-zinc-300 px-1 font-mono text-[11px] tabular-nums text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-indigo-300">
                  #{c.index}
                </button>
                <span className="min-w-0 flex-1">
                  <span className="block break-words">{c.detail}</span>
                  <span className="block font-mono text-[10.5px] text-zinc-600 dark:text-zinc-400">{c.rule}</span>
                </span>
              </li>
            ))}
            {changeCount > changes.length && <li className="border-t border-zinc-100 px-1 py-1.5 text-zinc-600 dark:border-zinc-800">…and {formatInt(changeCount - changes.length)} more</li>}
          </ol>
        </>
      </Popover>
    </span>
  );
}

/** Bookkeeping records the reader skipped: information, in plain grey, not a warning. */
function SkippedNote() {
  const skipped = useInspector((s) => s.doc?.skipped ?? []);
  const total = skipped.reduce((n, s) => n + s.count, 0);
  const list = skipped.map((s) => `${s.type}: ${formatInt(s.count)}`).join(', ');
  return (
    <span className="shrink-0 text-[11.5px] text-zinc-600 dark:text-zinc-400" title={`Not conversation messages, so not shown: ${list}`} data-testid="skipped">
      {plural(total, 'bookkeeping line')} skipped
    </span>
  );
}

/** What the reader could not read or may have lost: not API problems (those are in the lane headers). */
function ParseWarnings() {
  const doc = useInspector((s) => s.doc);
  if (!doc) return null;
  const n = doc.warningCount;
  const noun = n === 1 ? 'parse warning' : 'parse warnings';
  return (
    <span className="shrink-0">
      <Popover
        button={`${formatInt(n)} ${noun}`}
        title="What the reader could not read in the file"
        buttonClassName={cx(CHIP, 'bg-amber-100 text-amber-900 hover:bg-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:hover:bg-amber-500/25')}
        panelLabel={`${formatInt(n)} ${noun}`}
      >
        <>
          <p className="m-0 px-1 pb-1.5 text-[11.5px] text-zinc-600 dark:text-zinc-400">While reading {doc.fileName}. These are about the file, not about what the API accepts.</p>
          <ol className="m-0 list-none p-0">
            {doc.warnings.map((w, i) => (
              <li key={i} className="flex gap-2 border-t border-zinc-100 px-1 py-1.5 leading-snug dark:border-zinc-800">
                <span className="w-16 shrink-0 font-mono text-[11px] tabular-nums text-zinc-600 dark:text-zinc-400">{w.line !== undefined ? `line ${formatInt(w.line)}` : 'file'}</span>
                <span className="min-w-0 break-words">{w.message}</span>
              </li>
            ))}
            {n > doc.warnings.length && <li className="border-t border-zinc-100 px-1 py-1.5 text-zinc-600 dark:border-zinc-800">…and {formatInt(n - doc.warnings.length)} more</li>}
          </ol>
        </>
      </Popover>
    </span>
  );
}
