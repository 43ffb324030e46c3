import { useEffect, useRef, type ReactNode } from 'react';
import { writeExplainerDismissed } from '../../state';
import { useInspector } from '../../state/react';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';

/**
 * The first-run explainer: what the sample is and what a lane, a cell, the budget and the scorecard mean, then the
 * key to the page's signs (fates, the call/result marker, the verdict, the scorecard, urgency, the score column).
 * Shown once (dismissing it is remembered); the help dialog and the "Key" button beside the facts open it again.
 */
export function Explainer() {
  const open = useInspector((s) => s.explainerOpen);
  const setOpen = useInspector((s) => s.setExplainerOpen);
  const ref = useRef<HTMLDialogElement>(null);

  const gotIt = useRef<HTMLButtonElement>(null);
  useModalDialog(ref, open, returnFocus);
  // The way out first (showModal would focus the header's Close; React's autoFocus ran before the dialog opened).
  useEffect(() => {
    if (open) gotIt.current?.focus();
  }, [open]);

  const close = () => {
    writeExplainerDismissed();
    setOpen(false);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="explainer-title"
      // Escape closes the dialog itself: remember it and keep the state in step.
      onClose={(e) => {
        if (open) close();
        returnFocus(e.currentTarget);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
      className={`${DIALOG} max-h-[88vh] w-[min(640px,94vw)] text-[13px] leading-relaxed open:flex open:flex-col`}
    >
      <div className="flex shrink-0 items-start justify-between gap-3 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 id="explainer-title" className="m-0 text-base font-semibold">
          What you are looking at
        </h2>
        <DialogClose onClick={close} />
      </div>
      <div className="scroll-thin min-h-0 flex-1 overflow-auto px-5 py-3">
        <p className="m-0 text-zinc-700 dark:text-zinc-300">
          prunescope shows what an agent loses when its conversation is pruned to fit a context window: each strategy, side by side, on the same messages.
        </p>
        <dl className="m-0 mt-3 grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-2">
          <Term name="The sample">
            A real Claude Code session (an agent at work on a code base) is open so you can look around. It opens as last sent: from its latest compaction, what the agent really sent next. Open your own with <b>Upload</b>, by dropping a file or by pasting: it never leaves this page.
          </Term>
          <Term name="A lane">
            One column per pruning strategy, each asked to fit the same budget. Its header counts what it keeps, drops, summarizes or masks, the tokens it sends and the share it saves, and checks its output against the API&apos;s rules. <b>⋯</b> sets its options; <b>+</b> adds another lane.
          </Term>
          <Term name="A row">
            One message: who sent it, a preview, its tokens and its importance score. Click to select it (or <kbd className="kbd">j</kbd> <kbd className="kbd">k</kbd>); <kbd className="kbd">Enter</kbd> or a double-click opens it in full.
          </Term>
          <Term name="A cell">
            Where a message meets a lane: what that lane does with the message. Point at a cell, or select the row and press <kbd className="kbd">←</kbd> <kbd className="kbd">→</kbd>, to read why.
          </Term>
          <Term name="The budget">
            What every lane must fit: tokens of messages (the system prompt is sent apart) or a number of messages. The slider, the box, the presets and <kbd className="kbd">[</kbd> <kbd className="kbd">]</kbd> move it; every lane plans again.
          </Term>
          <Term name="The scorecard">
            The line under a lane&apos;s figures: whether the agent still has what it needs. Read it with the key below.
          </Term>
        </dl>

        <h3 className="m-0 mt-5 text-[13px] font-semibold" id="key">
          Key
        </h3>
        <dl className="m-0 mt-2 grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-2" aria-labelledby="key">
          <Term name="Fates">
            <span className="flex flex-wrap gap-x-3 gap-y-1">
              <Fate fate="kept" sign="✓" text="Kept: sent as it is" />
              <Fate fate="dropped" sign="✕" text="Dropped: not sent" />
              <Fate fate="summarized" sign="≡" text="Summarized: replaced by a summary message" />
              <Fate fate="masked" sign="▭" text="Masked: a tool result's content replaced by a one-line placeholder" />
            </span>
          </Term>
          <Term name="Scorecard">
            <b>task ✓/✗</b>: the first prompt a person typed (the task) is still sent. <b>prompts 3/4</b>: prompts a person typed that are still sent. <b>errors 5/5</b>: failed tool results still sent, so the agent knows what went wrong. <b>files 4/9</b>: files the agent touched still named by a call sent or by the summary.
          </Term>
          <Term name="Verdict">
            <b>✓ API accepts</b> or <b>✗ API rejects</b>: the lane&apos;s output checked against the provider&apos;s rules (a call without its result is rejected), telling problems pruning added from the input&apos;s own.
          </Term>
          <Term name="Urgency">
            The token budget lane&apos;s state, as the seed&apos;s ContextPruner has it: <b>none</b>, the transcript fits under the soft limit and nothing is pruned; <b>soft</b>, over the soft limit: the middle is summarized; <b>hard</b>, over the hard limit: pruning is forced. With the shared budget both limits are the budget.
          </Term>
          <Term name="Score column">
            The importance score, 0 to 1, that the Importance lane ranks by: recency (later messages score higher, up to 0.5), a tool bonus (0.3 for a tool call or result) and length (up to 0.2). Point at or focus a score for its terms.
          </Term>
          <Term name="↓ ↑ markers">
            A tool call (↓) and its result (↑) share a marker and a colour; hover or focus one to light up its partner, <kbd className="kbd">p</kbd> jumps between them.
          </Term>
        </dl>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <p className="m-0 text-[12px] text-zinc-600 dark:text-zinc-400">
          Open this again from <kbd className="kbd">?</kbd> or the <b>Key</b> button beside the facts.
        </p>
        <button
          ref={gotIt}
          type="button"
          onClick={close}
          className="rounded-md bg-indigo-600 px-3 py-1 text-[13px] font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
        >
          Got it
        </button>
      </div>
    </dialog>
  );
}

/**
 * Back to the timeline when nothing else has the keyboard (the first-run case: the explainer opened before the
 * timeline could take focus), so j/k work at once.
 */
function returnFocus(dialog: HTMLDialogElement): void {
  const active = document.activeElement;
  if (!active || active === document.body || dialog.contains(active)) document.getElementById('timeline')?.focus({ preventScroll: true });
}

function Term({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-zinc-800 dark:text-zinc-200">{name}</dt>
      <dd className="m-0 text-zinc-700 dark:text-zinc-300">{children}</dd>
    </div>
  );
}

function Fate({ fate, sign, text }: { fate: string; sign: string; text: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`fate fate-${fate} inline-flex h-5 items-center rounded px-1.5 text-[12px] font-bold`} aria-hidden="true">
        {sign}
      </span>
      {text}
    </span>
  );
}
