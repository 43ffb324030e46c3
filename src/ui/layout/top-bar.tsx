import { useId } from 'react';
import { Popover } from './popover';
import { useInspector } from '../../state/react';
import { formatBytes, formatInt, plural } from '../common/format';
import { LoadControls } from '../load/load-controls';
import { ThemeToggle } from '../theme/theme-toggle';

const FORMAT_LABEL = {
  anthropic: 'Anthropic Messages',
  'claude-code': 'Claude Code session',
  'openai-chat': 'OpenAI Chat',
  'openai-responses': 'OpenAI Responses',
} as const;

export function TopBar() {
  const doc = useInspector((s) => s.doc);
  const setHelpOpen = useInspector((s) => s.setHelpOpen);
  return (
    <header className="flex h-12 shrink-0 items-center gap-4 border-b border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-950">
      <div className="flex items-baseline gap-2">
        <h1 className="m-0 text-[15px] font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
          prune<span className="text-indigo-600 dark:text-indigo-400">scope</span>
        </h1>
      </div>
      <div className="h-5 w-px bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
      {doc ? (
        <div className="flex min-w-0 flex-1 items-center gap-3 text-[13px]">
          <span
            className="min-w-[4rem] max-w-[min(32vw,28rem)] shrink-0 truncate font-medium text-zinc-900 dark:text-zinc-100"
            title={doc.fileName}
            data-testid="file-name"
          >
            {doc.fileName}
          </span>
          <span className="shrink-0 rounded border border-zinc-300 px-1.5 py-px text-[11px] font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="format">
            {FORMAT_LABEL[doc.format] ?? doc.format}
          </span>
          <span
            className="shrink-0 truncate font-mono text-[12px] tabular-nums text-zinc-500 xl:min-w-0 xl:shrink dark:text-zinc-400"
            data-testid="doc-stats"
            title={`${plural(doc.count, 'message')} · ${plural(doc.pairCount, 'tool pair')}${doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan')}` : ''} · ${formatBytes(doc.bytes)}`}
          >
            {formatInt(doc.count)} messages
            <span className="hidden xl:inline">
              {' '}
              · {plural(doc.pairCount, 'tool pair')}
              {doc.orphanCount > 0 ? ` · ${plural(doc.orphanCount, 'orphan')}` : ''} · {formatBytes(doc.bytes)}
            </span>
          </span>
          {doc.warningCount > 0 && <ParseWarnings />}
          {doc.conversations.length > 1 && <ConversationPicker />}
        </div>
      ) : (
        <div className="flex-1 text-[13px] text-zinc-500">See what your agent loses when its conversation is pruned.</div>
      )}
      <div className="flex shrink-0 items-center gap-2">
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
  const selectConversation = useInspector((s) => s.selectConversation);
  const id = useId();
  if (!doc) return null;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <label htmlFor={id} className="sr-only shrink-0 text-[12px] text-zinc-500 xl:not-sr-only dark:text-zinc-400">
        Conversation
      </label>
      <select
        id={id}
        value={doc.conversationIndex}
        onChange={(e) => void selectConversation(Number(e.currentTarget.value))}
        className="min-w-[7rem] max-w-[280px] truncate rounded-md border border-zinc-300 bg-white py-0.5 pl-1.5 pr-6 text-[12.5px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {doc.conversations.map((c, i) => (
          <option key={`${c.id}-${i}`} value={i}>
            {i + 1}. {c.title} ({c.count})
          </option>
        ))}
      </select>
      <span className="shrink-0 font-mono text-[11px] text-zinc-500">of {formatInt(doc.conversations.length)}</span>
    </span>
  );
}

/** What the reader skipped or changed while reading the file: not API problems (those are in the lane headers). */
function ParseWarnings() {
  const doc = useInspector((s) => s.doc);
  if (!doc) return null;
  const n = doc.warningCount;
  const noun = n === 1 ? 'parse warning' : 'parse warnings';
  return (
    <span className="shrink-0">
      <Popover
        button={`${formatInt(n)} ${noun}`}
        title="What the reader skipped or changed while reading the file"
        buttonClassName="whitespace-nowrap rounded bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-800 hover:bg-amber-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-amber-500/15 dark:text-amber-300 dark:hover:bg-amber-500/25"
        panelLabel={`${formatInt(n)} ${noun}`}
      >
          <>
        <p className="m-0 px-1 pb-1.5 text-[11.5px] text-zinc-500 dark:text-zinc-400">
          While reading {doc.fileName}. These are about the file, not about what the API accepts.
        </p>
        <ol className="m-0 list-none p-0">
          {doc.warnings.map((w, i) => (
            <li key={i} className="flex gap-2 border-t border-zinc-100 px-1 py-1.5 leading-snug dark:border-zinc-800">
              <span className="w-16 shrink-0 font-mono text-[11px] text-zinc-500 tabular-nums">{w.line !== undefined ? `line ${formatInt(w.line)}` : 'file'}</span>
              <span className="min-w-0 break-words">{w.message}</span>
            </li>
          ))}
          {n > doc.warnings.length && (
            <li className="border-t border-zinc-100 px-1 py-1.5 text-zinc-500 dark:border-zinc-800">…and {formatInt(n - doc.warnings.length)} more</li>
          )}
        </ol>
          </>
      </Popover>
    </span>
  );
}
