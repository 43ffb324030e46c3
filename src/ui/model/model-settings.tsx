import { useId, useRef, useState } from 'react';
import { createModelSummarizer, MODEL_SUMMARY_PROMPT } from '../../core';
import { endpointOrigin, type ModelProtocolChoice, type ModelSettings } from '../../state/model-settings';
import { useInspector } from '../../state/react';
import { modelSummarizerOptions } from '../../worker/model-options';
import { DIALOG, DialogClose, useModalDialog } from '../common/modal-dialog';
import { pageBlocks } from './page-blocks';

const PROTOCOL_LABELS: Record<ModelProtocolChoice, string> = {
  'openai-chat': 'OpenAI Chat (vLLM, llama.cpp, Ollama, any compatible server)',
  anthropic: 'Anthropic Messages',
  'openai-responses': 'OpenAI Responses',
};
const FIELD =
  'w-full rounded border border-zinc-300 bg-white px-2 py-1 text-[13px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
const BUTTON =
  'rounded border border-zinc-300 px-2 py-0.5 text-[12.5px] font-medium text-zinc-800 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800';

/**
 * The "Model…" button of the ? dialog and its own dialog: where a model of the user's own is (off until an endpoint is
 * entered). It says in words where the messages would go and whether this page may connect there, shows the prompt,
 * and tests the endpoint with a fixed message, never the transcript. Lanes still summarize extractively.
 */
export function ModelSettingsButton() {
  const [open, setOpen] = useState(false);
  const settings = useInspector((s) => s.modelSettings);
  const setModelSettings = useInspector((s) => s.setModelSettings);
  const [test, setTest] = useState<{ state: 'idle' | 'running' | 'ok' | 'failed'; text: string }>({ state: 'idle', text: '' });
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModalDialog(ref, open);

  const update = (patch: Partial<ModelSettings>): void => {
    setModelSettings({ ...settings, ...patch });
    setTest({ state: 'idle', text: '' });
  };
  const origin = endpointOrigin(settings.baseUrl);
  const allowed = origin !== undefined && pageBlocks(settings.baseUrl) === undefined;
  const on = origin !== undefined && settings.model.trim() !== '';

  const runTest = async (): Promise<void> => {
    setTest({ state: 'running', text: 'Asking the model…' });
    try {
      const model = createModelSummarizer(modelSummarizerOptions(settings, { maxTokens: 64, timeoutMs: 30_000, retries: 0 }));
      const text = await model.summarize([{ role: 'user', content: 'This is a connection test: answer with the word OK.' }]);
      setTest({ state: 'ok', text: `It answered: ${text.slice(0, 200)}` });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const blocked = allowed ? '' : ` This page's Content-Security-Policy blocks ${origin ?? 'that address'}.`;
      setTest({ state: 'failed', text: `${message}${blocked}` });
    }
  };

  return (
    <>
      {/* In the ? dialog, not the top bar: the top bar's width is the timeline's height (a wrapped bar costs rows). */}
      <div className="flex items-center justify-between gap-3">
        <p className="m-0 text-[12px] text-zinc-600 dark:text-zinc-400">
          Summaries by a model of your own: <strong className="font-medium text-zinc-800 dark:text-zinc-200">{on ? origin : 'off'}</strong>
          {on && !settings.summarizeLanes ? ' (not used by the lanes)' : ''}
        </p>
        <button type="button" onClick={() => setOpen(true)} aria-label={`Model: ${on ? 'set' : 'off'}`} className={BUTTON}>
          Model…
        </button>
      </div>
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        onClose={(e) => {
          // React passes a dialog's close up its tree: the ? dialog around this one would close with it.
          e.stopPropagation();
          setOpen(false);
        }}
        onKeyDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false);
        }}
        className={`${DIALOG} w-[520px] max-w-[95vw]`}
      >
        <form className="flex flex-col gap-3 p-5 text-[13px]" onSubmit={(e) => e.preventDefault()}>
          <div className="flex items-center justify-between">
            <h2 id={`${id}-title`} className="m-0 text-base font-semibold">
              A model of your own
            </h2>
            <DialogClose onClick={() => setOpen(false)} />
          </div>
          <p className="m-0 text-zinc-700 dark:text-zinc-300">
            Off by default: summaries are extractive and nothing leaves this page. With an endpoint entered and “Write the lanes’ summaries” on, each
            lane that inserts a summary shows the extractive one at once and the model’s when it answers (asked once the budget stops moving).
          </p>
          <label className="block">
            <span className="mb-0.5 block font-medium">Protocol</span>
            <select className={FIELD} value={settings.protocol} onChange={(e) => update({ protocol: e.target.value as ModelProtocolChoice })}>
              {Object.entries(PROTOCOL_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="mb-0.5 block font-medium">Endpoint</span>
            <input className={FIELD} type="url" inputMode="url" placeholder="http://localhost:11434/v1" value={settings.baseUrl} onChange={(e) => update({ baseUrl: e.target.value })} />
          </label>
          <label className="block">
            <span className="mb-0.5 block font-medium">Model</span>
            <input className={FIELD} placeholder="llama3.1" value={settings.model} onChange={(e) => update({ model: e.target.value })} />
          </label>
          <label className="block">
            <span className="mb-0.5 block font-medium">API key</span>
            <input className={FIELD} type="password" autoComplete="off" placeholder="none for a local server" value={settings.apiKey} onChange={(e) => update({ apiKey: e.target.value })} />
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={settings.rememberKey} onChange={(e) => update({ rememberKey: e.target.checked })} />
            Remember the key in this browser (otherwise it is forgotten when this tab closes; it is never put in the URL)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={settings.summarizeLanes} disabled={!on} onChange={(e) => update({ summarizeLanes: e.target.checked })} />
            Write the lanes’ summaries with this model
          </label>
          {settings.baseUrl.trim() !== '' &&
            (origin === undefined ? (
              <p role="alert" className="m-0 text-red-700 dark:text-red-300">
                The endpoint must be an http(s) URL, such as http://localhost:11434/v1.
              </p>
            ) : (
              <div role="note" data-testid="model-warning" className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
                <p className="m-0">
                  The messages each summary stands for will be sent to <strong>{origin}</strong>: that part of your transcript leaves this browser.
                </p>
                <p className="m-0 mt-1">
                  {allowed
                    ? `This page's Content-Security-Policy allows ${origin}.`
                    : `This page's Content-Security-Policy allows its own origin only, so the browser will refuse ${origin}. Serve the inspector with PRUNESCOPE_MODEL_ORIGIN=${origin} to allow exactly that origin.`}
                </p>
              </div>
            ))}
          <details>
            <summary className="cursor-pointer font-medium">The prompt sent with the messages</summary>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-zinc-100 p-2 text-[12px] dark:bg-zinc-800">{MODEL_SUMMARY_PROMPT}</pre>
          </details>
          <div className="flex items-center gap-3">
            <button type="button" className={BUTTON} disabled={!on || test.state === 'running'} onClick={() => void runTest()}>
              Test the endpoint
            </button>
            <span aria-live="polite" data-testid="model-test" className={test.state === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-zinc-700 dark:text-zinc-300'}>
              {test.text}
            </span>
          </div>
        </form>
      </dialog>
    </>
  );
}
