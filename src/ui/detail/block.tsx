/** A block of a message in the detail pane, and the collapsing text it shows (past 1,500 chars or 24 lines). */
import { useState } from 'react';
import type { DetailBlock } from '../../worker/protocol';
import { cx, formatInt } from '../common/format';

const COLLAPSE_CHARS = 1500;
const COLLAPSE_LINES = 24;

const BLOCK_STYLE: Record<DetailBlock['kind'], string> = {
  text: 'border-zinc-200 dark:border-zinc-800',
  thinking: 'border-zinc-200 border-dashed dark:border-zinc-700',
  tool_use: 'border-sky-300 dark:border-sky-800',
  tool_result: 'border-teal-300 dark:border-teal-800',
  image: 'border-zinc-200 dark:border-zinc-800',
  other: 'border-zinc-200 dark:border-zinc-800',
};

export function Block({ block }: { block: DetailBlock }) {
  return (
    <section className={cx('mb-3 rounded-md border bg-white dark:bg-zinc-950', BLOCK_STYLE[block.kind], block.isError && 'border-rose-400 dark:border-rose-700')}>
      <header className="flex items-center justify-between gap-2 border-b border-inherit px-2.5 py-1 text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
        <span>
          {block.label}
          {block.isError && <span className="ml-1.5 rounded bg-rose-600 px-1 text-[10px] font-bold uppercase text-white">error</span>}
        </span>
        {block.toolId && <span className="truncate font-mono text-[10.5px] text-zinc-600 dark:text-zinc-400">{block.toolId}</span>}
      </header>
      <div className="px-2.5 py-2">
        <Collapsible text={block.text} mono={block.kind === 'tool_use' || block.kind === 'tool_result' || block.kind === 'other'} />
      </div>
    </section>
  );
}

/** Text only (never HTML); long text collapsed behind "Show more". */
export function Collapsible({ text, mono = false }: { text: string; mono?: boolean }) {
  const [open, setOpen] = useState(false);
  const long = text.length > COLLAPSE_CHARS || countLines(text, COLLAPSE_LINES + 1) > COLLAPSE_LINES;
  const shown = open || !long ? text : clip(text);
  return (
    <div>
      <pre
        className={cx(
          'm-0 whitespace-pre-wrap break-words text-[12.5px] leading-relaxed text-zinc-800 dark:text-zinc-200',
          mono ? 'font-mono text-[12px]' : 'font-sans',
        )}
      >
        {shown || <span className="italic text-zinc-600 dark:text-zinc-400">(empty)</span>}
      </pre>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="mt-1 rounded text-[12px] font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
        >
          {open ? 'Show less' : `Show more (${formatInt(text.length)} chars)`}
        </button>
      )}
    </div>
  );
}

function countLines(text: string, stop: number): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && lines < stop; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function clip(text: string): string {
  let end = Math.min(text.length, COLLAPSE_CHARS);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= COLLAPSE_LINES) {
      end = i;
      break;
    }
  }
  return `${text.slice(0, end)}…`;
}
