import { useEffect, type RefObject } from 'react';

/** The look every modal dialog shares: a card on a dimmed page. A dialog adds its width and, if it scrolls, its height. */
export const DIALOG =
  'm-auto rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * A `<dialog>` shown as a modal while `open` and closed when not; `onClosed` runs after a close asked for by
 * `open` turning false (the dialog's own Escape fires its `close` event instead).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onClosed?: (dialog: HTMLDialogElement) => void): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      onClosed?.(dialog);
    }
    // `onClosed` is read when `open` changes, not a reason to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, open]);
}

/** The "Close" button in a dialog's header. */
export function DialogClose({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded px-2 py-0.5 text-[13px] text-zinc-600 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      Close
    </button>
  );
}
