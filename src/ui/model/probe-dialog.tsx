import { useEffect, useId, useRef, useState } from 'react';
import { useInspector } from '../../state/react';
import { endpointOrigin, probesModel } from '../../state/model-settings';
import type { ProbePromptInfo, ProbesAnswer } from '../../worker/protocol';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';
import { cx, formatInt } from '../common/format';

const BUTTON =
  'rounded border border-zinc-300 px-2 py-0.5 text-[12.5px] font-medium text-zinc-800 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800';
const FATE_CLASS: Record<string, string> = {
  kept: 'text-emerald-700 dark:text-emerald-300',
  summarized: 'text-amber-700 dark:text-amber-300',
  lost: 'text-rose-700 dark:text-rose-300',
  unanswerable: 'text-zinc-500 dark:text-zinc-400',
};
const FATE_WORD: Record<string, string> = { kept: 'kept', summarized: 'summarized', lost: 'lost', unanswerable: 'not answered in full either' };

type Run = { state: 'idle' } | { state: 'asking' | 'stopped'; done: number; total: number } | { state: 'done'; answer: ProbesAnswer } | { state: 'failed'; message: string };

/**
 * A lane's probes answered by the user's own model (issue 22), opt-in: the questions and the pruned context are shown
 * first, and nothing is sent until "Send" is pressed; then per probe what the rule-based score says beside what the
 * model's answers say, and both losses. Stoppable while it asks.
 */
export function ProbeDialog({ laneId, label, open, onClose }: { laneId: string; label: string; open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModalDialog(ref, open);
  const settings = useInspector((s) => s.modelSettings);
  const planKey = useInspector((s) => s.plans[laneId]?.key);
  const probePrompts = useInspector((s) => s.probePrompts);
  const askProbes = useInspector((s) => s.askProbes);
  const cancelProbes = useInspector((s) => s.cancelProbes);
  const [prompts, setPrompts] = useState<ProbePromptInfo[] | undefined>();
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const model = probesModel(settings);
  const origin = endpointOrigin(settings.baseUrl);

  useEffect(() => {
    if (!open) return;
    // Mounted only while open, so its first questions start from nothing; a new plan for the lane asks again.
    let live = true;
    void probePrompts(laneId).then((found) => live && setPrompts(found ?? []), (error: unknown) => live && setRun({ state: 'failed', message: String(error) }));
    return () => {
      live = false;
    };
  }, [open, laneId, planKey, probePrompts]);

  const send = async (): Promise<void> => {
    setRun({ state: 'asking', done: 0, total: (prompts?.length ?? 0) * 2 });
    try {
      const answer = await askProbes(laneId, (done, total) => setRun((now) => (now.state === 'asking' ? { state: 'asking', done, total } : now)));
      // Null when stopped (the Stop button already said so) or when a newer plan made the answer stale.
      setRun((now) => (answer ? { state: 'done', answer } : now.state === 'stopped' ? now : { state: 'idle' }));
    } catch (error) {
      setRun({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const close = (): void => {
    if (run.state === 'asking') cancelProbes();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={close}
      onKeyDown={(e) => e.stopPropagation()}
      // Rendered inside a lane's header, whose nowrap it would inherit.
      className={`${DIALOG} w-[720px] max-w-[95vw] whitespace-normal`}
    >
      <div className="flex max-h-[85vh] flex-col gap-3 overflow-auto p-5 text-[13px]">
        <div className="flex items-center justify-between">
          <h2 id={`${id}-title`} className="m-0 text-base font-semibold">
            What {label} lost, asked of your model
          </h2>
          <DialogClose onClick={close} />
        </div>
        {!model ? (
          <p className="m-0">Enter an endpoint and a model in the Model dialog first (? → Model…). Nothing is sent until you do and press Send here.</p>
        ) : (
          <>
            <p className="m-0 text-zinc-700 dark:text-zinc-300">
              Each question is asked twice: of the whole transcript and of what this lane sends. A probe is lost when the answer from the lane's context no
              longer states the fact the whole transcript's answer states (a string match, not the model's judgement: deterministic and free).
            </p>
            <div role="note" className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
              Sending puts {prompts ? formatInt(prompts.length * 2) : '…'} requests holding this transcript to <strong>{origin}</strong> ({settings.model.trim()}).
            </div>
            {prompts === undefined ? (
              <p className="m-0">Preparing the questions…</p>
            ) : prompts.length === 0 ? (
              <p className="m-0">This transcript has no probes to ask about.</p>
            ) : (
              <Prompts prompts={prompts} />
            )}
            <div className="flex items-center gap-3">
              <button type="button" className={BUTTON} disabled={!prompts?.length || run.state === 'asking'} onClick={() => void send()}>
                Send to {origin}
              </button>
              {run.state === 'asking' && (
                <button type="button" className={BUTTON} onClick={() => (cancelProbes(), setRun((now) => (now.state === 'asking' ? { ...now, state: 'stopped' } : now)))}>
                  Stop
                </button>
              )}
              <span aria-live="polite" data-testid="probe-status">
                {run.state === 'asking'
                  ? `Asked ${run.done} of ${run.total}…`
                  : run.state === 'stopped'
                    ? `Stopped after ${run.done} of ${run.total}; nothing more is sent.`
                    : run.state === 'done'
                      ? `Done: ${run.answer.requests} requests.`
                      : ''}
              </span>
            </div>
          </>
        )}
        {run.state === 'failed' && (
          <p role="alert" className="m-0 text-rose-700 dark:text-rose-300">
            {run.message}
          </p>
        )}
        {run.state === 'done' && <Results answer={run.answer} />}
      </div>
    </dialog>
  );
}

function Prompts({ prompts }: { prompts: ProbePromptInfo[] }) {
  const first = prompts[0] as ProbePromptInfo;
  return (
    <div className="flex flex-col gap-1">
      <p className="m-0 font-medium">The questions</p>
      <ol className="m-0 list-decimal pl-5">
        {prompts.map((p) => (
          <li key={p.kind}>
            {p.question} <span className="text-zinc-500 dark:text-zinc-400">({p.probes} {p.probes === 1 ? 'probe' : 'probes'})</span>
          </li>
        ))}
      </ol>
      <details>
        <summary className="cursor-pointer">The instructions sent with each question</summary>
        <pre className="mt-1 whitespace-pre-wrap rounded bg-zinc-100 p-2 text-[12px] dark:bg-zinc-800">{first.system}</pre>
      </details>
      <details>
        <summary className="cursor-pointer">
          This lane's context as sent ({formatInt(first.prunedChars)} characters; the whole transcript: {formatInt(first.fullChars)})
        </summary>
        <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded bg-zinc-100 p-2 text-[12px] dark:bg-zinc-800">{first.prunedPreview}</pre>
      </details>
    </div>
  );
}

function Results({ answer }: { answer: ProbesAnswer }) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return (
    <div className="flex flex-col gap-1">
      <p className="m-0 font-medium" data-testid="probe-losses">
        Loss by the rule-based probes: {pct(answer.ruleLoss)} · by {answer.model}'s answers: {pct(answer.modelLoss)}
      </p>
      <table className="w-full border-collapse text-left text-[12px]">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-700">
            <th className="py-0.5 pr-2 font-medium">Probe</th>
            <th className="py-0.5 pr-2 font-medium">Fact</th>
            <th className="py-0.5 pr-2 font-medium">Rule</th>
            <th className="py-0.5 font-medium">Model</th>
          </tr>
        </thead>
        <tbody>
          {answer.probes.map((p) => (
            <tr key={p.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
              <td className="py-0.5 pr-2">{p.kind}</td>
              <td className="max-w-[360px] truncate py-0.5 pr-2 font-mono" title={p.fact}>
                {p.fact}
              </td>
              <td className={cx('py-0.5 pr-2', FATE_CLASS[p.rule])}>{FATE_WORD[p.rule]}</td>
              <td className={cx('py-0.5', FATE_CLASS[p.model])}>{FATE_WORD[p.model]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
