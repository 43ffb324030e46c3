import { useRef } from 'react';
import { PANELS } from '../../state';
import { useInspector } from '../../state/react';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';
import { ModelSettingsButton } from '../model/model-settings';

export const SHORTCUTS: readonly [string[], string][] = [
  [['j', '↓'], 'Next message'],
  [['k', '↑'], 'Previous message'],
  [['g'], 'First message'],
  [['G'], 'Last message'],
  [['Enter'], 'Open the selected message in the details pane'],
  [['←', '→'], "The selected row's lane cells: each says its fate and why"],
  [['p'], 'Jump to the linked tool call / result'],
  [['/'], 'Search (Esc: clear the query, again: leave it)'],
  [['Enter', '⇧ Enter'], 'Next / previous match (in search)'],
  [['[', ']'], 'Budget down / up: 1 message or 1% of the tokens (with ⇧: ×10)'],
  [['1', '…', '8'], 'Focus lane 1 … 8 (at most 8 lanes)'],
  [['⇧P'], 'Pin or unpin the selected message'],
  ...PANELS.map(({ key, label, title }, k): [string[], string] => [[key], k === 0 ? `${label}: ${title}` : `${label}: ${title} (again: back to the ${PANELS[0].label.toLowerCase()})`]),
  [['Esc'], 'Close, clear hover'],
  [['?'], 'This list'],
];

/** `?`: the keyboard shortcuts, in a modal dialog. */
export function HelpDialog() {
  const open = useInspector((s) => s.helpOpen);
  const setOpen = useInspector((s) => s.setHelpOpen);
  const setExplainerOpen = useInspector((s) => s.setExplainerOpen);
  const ref = useRef<HTMLDialogElement>(null);

  useModalDialog(ref, open);

  return (
    <dialog
      ref={ref}
      aria-labelledby="help-title"
      onClose={() => setOpen(false)}
      onClick={(e) => {
        if (e.target === e.currentTarget) setOpen(false);
      }}
      className={`${DIALOG} w-[440px]`}
    >
      <div className="p-5">
        <div className="flex items-center justify-between">
          <h2 id="help-title" className="m-0 text-base font-semibold">
            Keyboard shortcuts
          </h2>
          <DialogClose onClick={() => setOpen(false)} />
        </div>
        <dl className="m-0 mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[13px]">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={what} className="contents">
              <dt className="flex items-center gap-1 self-start">
                {keys.map((k) => (
                  <kbd key={k} className="kbd">
                    {k}
                  </kbd>
                ))}
              </dt>
              <dd className="m-0 text-zinc-700 dark:text-zinc-300">{what}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex items-center justify-between gap-3">
          <p className="m-0 text-[12px] text-zinc-600 dark:text-zinc-400">Drop a file anywhere or paste outside a field to open a transcript. It never leaves this page.</p>
          <button
            type="button"
            onClick={() => setExplainerOpen(true)}
            className="shrink-0 rounded border border-zinc-300 px-2 py-0.5 text-[12px] font-medium text-indigo-700 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-indigo-300 dark:hover:bg-zinc-800"
          >
            What am I looking at?
          </button>
        </div>
        <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-700">
          <ModelSettingsButton />
        </div>
      </div>
    </dialog>
  );
}
