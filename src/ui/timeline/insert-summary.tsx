import { useId, useRef, useState } from 'react';
import type { InsertInfo } from '../../worker/protocol';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';
import { cx, formatInt } from '../common/format';

/**
 * A synthetic row's label, a button that opens what the lane sends in place of the messages it removes, whole (the
 * row shows a line of it; a user trial found no way to read a 1,748-token summary but a hover title of 300 characters).
 */
export function InsertSummary({ insert, laneLabel, className }: { insert: InsertInfo; laneLabel: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModalDialog(ref, open);
  const summaryOf = `${formatInt(insert.replaces)} ${insert.replaces === 1 ? 'message' : 'messages'}`;
  const cut = insert.textLength > insert.text.length;
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        className={cx('min-w-0 truncate rounded text-left font-medium text-amber-800 underline decoration-dotted underline-offset-2 hover:text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-amber-200 dark:hover:text-amber-50', className)}
      >
        {laneLabel} · summary of {summaryOf}
      </button>
      {open && (
        <dialog
          ref={ref}
          aria-labelledby={titleId}
          onClose={close}
          onClick={(e) => {
            if (e.target === e.currentTarget) close();
          }}
          className={`${DIALOG} max-h-[88vh] w-[min(760px,94vw)] text-[13px] leading-relaxed open:flex open:flex-col`}
        >
          <div className="flex shrink-0 items-start justify-between gap-3 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
            <div>
              <h2 id={titleId} className="m-0 text-base font-semibold">
                {laneLabel}: the summary of {summaryOf}
              </h2>
              <p className="m-0 text-[12px] text-zinc-600 dark:text-zinc-400">
                {formatInt(insert.tokens)} tokens, sent as one user message in place of the {summaryOf} it removes
                {cut ? `; its first ${formatInt(insert.text.length)} of ${formatInt(insert.textLength)} characters` : ''}.
              </p>
            </div>
            <DialogClose onClick={close} />
          </div>
          <pre className="scroll-thin m-0 min-h-0 flex-1 overflow-auto whitespace-pre-wrap break-words px-5 py-3 font-mono text-[12px]">{insert.text}</pre>
        </dialog>
      )}
    </>
  );
}
