import { useId } from 'react';
import { useInspector } from '../../state';
import { formatBytes, formatInt } from '../common/format';
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
          <span className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={doc.fileName} data-testid="file-name">
            {doc.fileName}
          </span>
          <span className="shrink-0 rounded border border-zinc-300 px-1.5 py-px text-[11px] font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="format">
            {FORMAT_LABEL[doc.format] ?? doc.format}
          </span>
          <span className="shrink-0 font-mono text-[12px] tabular-nums text-zinc-500 dark:text-zinc-400" data-testid="doc-stats">
            {formatInt(doc.count)} messages · {formatInt(doc.pairCount)} tool pairs
            {doc.orphanCount > 0 ? ` · ${formatInt(doc.orphanCount)} orphans` : ''} · {formatBytes(doc.bytes)}
          </span>
          {doc.warningCount > 0 && (
            <details className="relative shrink-0">
              <summary className="cursor-pointer list-none rounded bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-amber-500/15 dark:text-amber-300">
                {formatInt(doc.warningCount)} {doc.warningCount === 1 ? 'warning' : 'warnings'}
              </summary>
              <ul className="scroll-thin absolute left-0 top-full z-40 m-0 mt-1.5 max-h-72 w-[420px] list-none overflow-auto rounded-lg border border-zinc-200 bg-white p-2 text-[12px] text-zinc-700 shadow-xl dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
                {doc.warnings.map((w, i) => (
                  <li key={i} className="border-b border-zinc-100 py-1 last:border-0 dark:border-zinc-800">
                    {w.line ? <span className="mr-1.5 font-mono text-zinc-500">line {w.line}</span> : null}
                    {w.message}
                  </li>
                ))}
                {doc.warningCount > doc.warnings.length && <li className="py-1 text-zinc-500">…and {formatInt(doc.warningCount - doc.warnings.length)} more</li>}
              </ul>
            </details>
          )}
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
      <label htmlFor={id} className="shrink-0 text-[12px] text-zinc-500 dark:text-zinc-400">
        Conversation
      </label>
      <select
        id={id}
        value={doc.conversationIndex}
        onChange={(e) => void selectConversation(Number(e.currentTarget.value))}
        className="min-w-0 max-w-[280px] truncate rounded-md border border-zinc-300 bg-white py-0.5 pl-1.5 pr-6 text-[12.5px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
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
