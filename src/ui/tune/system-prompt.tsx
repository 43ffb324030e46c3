import { useRef, useState } from 'react';
import { useInspector } from '../../state/react';
import { formatCompact, formatInt } from '../common/format';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';

/**
 * The system prompt is not a message: it is always sent, never pruned, and not in the budget or the message totals
 * (lanes' "% saved" count it, as every request pays for it). This line says so, and opens it in a dialog.
 */
export function SystemPromptLine() {
  const system = useInspector((s) => s.doc?.system);
  const systemChars = useInspector((s) => s.doc?.systemChars ?? 0);
  const systemTokens = useInspector((s) => s.doc?.systemTokens ?? 0);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useModalDialog(dialogRef, open);

  if (!system || systemChars === 0) return null;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div className="min-w-0 text-[12px] text-zinc-600 dark:text-zinc-400" data-testid="system-prompt-line">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(true)}
        title="Show the system prompt"
        className="rounded font-medium text-indigo-700 underline decoration-dotted underline-offset-2 hover:text-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
      >
        System prompt
      </button>
      <span title={`${formatInt(systemTokens)} tokens, ${formatInt(systemChars)} characters`}>
        {' '}· {formatCompact(systemTokens)} tokens · always sent, never pruned · not in the budget
      </span>
      <dialog
        ref={dialogRef}
        aria-labelledby="system-prompt-title"
        onClose={close}
        // Keys typed here are for the dialog, not the page's shortcuts behind it.
        onKeyDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
        className={`${DIALOG} max-h-[80vh] w-[min(760px,92vw)] open:flex open:flex-col`}
      >
        <div className="flex shrink-0 items-center justify-between gap-3 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <h2 id="system-prompt-title" className="m-0 text-base font-semibold">
            System prompt <span className="font-normal text-zinc-600 dark:text-zinc-400">· {formatInt(systemTokens)} tokens · always sent, never pruned</span>
          </h2>
          <DialogClose onClick={close} />
        </div>
        <pre className="scroll-thin m-0 min-h-0 flex-1 overflow-auto whitespace-pre-wrap break-words px-5 py-3 font-mono text-[12px] leading-relaxed text-zinc-800 dark:text-zinc-200">
          {system}
          {systemChars > system.length ? `\n\n…(${formatInt(systemChars - system.length)} more characters not shown)` : ''}
        </pre>
      </dialog>
    </div>
  );
}
