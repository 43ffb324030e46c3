import { useEffect, useState } from 'react';
import { useInspector } from '../../state/react';
import { formatBytes } from '../common/format';
import { peopleText } from '../common/people-text';
import { ModelNotice } from '../model/model-notice';

const PHASE_LABEL = { reading: 'Reading', parsing: 'Parsing', analyzing: 'Linking and scoring', planning: 'Pruning' } as const;
const PHASES = ['reading', 'parsing', 'analyzing', 'planning'] as const;

/** Progress for loads that take more than a moment, and parse errors in place (the old transcript stays). */
export function LoadStatus() {
  const loading = useInspector((s) => s.loading);
  const error = useInspector((s) => s.loadError);
  const dismiss = useInspector((s) => s.dismissError);
  const docName = useInspector((s) => s.doc?.fileName);
  const viewNotice = useInspector((s) => s.viewNotice);
  const dismissViewNotice = useInspector((s) => s.dismissViewNotice);
  // Show progress only for loads that take more than a moment.
  const [shownFor, setShownFor] = useState(0);
  const startedAt = loading?.startedAt ?? 0;
  useEffect(() => {
    if (!startedAt) return;
    const timer = setTimeout(() => setShownFor(startedAt), 200);
    return () => clearTimeout(timer);
  }, [startedAt]);
  const visible = startedAt !== 0 && shownFor === startedAt;

  return (
    <>
      {/* Overlaid on the top of the page below the bar, so the layout does not jump while a file loads. */}
      <div className="relative z-20 h-0">
        {loading && visible && (
          <div
            role="status"
            className="absolute inset-x-0 top-0 flex items-center gap-3 border-b border-indigo-200 bg-indigo-50/95 px-4 py-1.5 text-[13px] text-indigo-900 shadow-sm backdrop-blur-sm dark:border-indigo-500/30 dark:bg-indigo-950/90 dark:text-indigo-200"
          >
            <progress
              aria-label={`Loading ${loading.fileName}`}
              max={PHASES.length}
              value={PHASES.indexOf(loading.phase) + 0.5}
              className="h-1.5 w-40 accent-indigo-600"
            />
            <span className="min-w-0 truncate">
              {PHASE_LABEL[loading.phase]} {loading.fileName}
              {loading.bytes ? ` (${formatBytes(loading.bytes)})` : ''}…
            </span>
          </div>
        )}
      </div>
      {viewNotice && (
        <div role="status" data-testid="view-notice" className="flex items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-[13px] text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
          <span className="min-w-0 flex-1">{viewNotice}</span>
          <button type="button" onClick={dismissViewNotice} className="rounded px-1.5 text-[12px] font-medium hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-amber-500/20">
            Dismiss
          </button>
        </div>
      )}
      <ModelNotice />
      {error && (
        <div role="alert" className="flex items-start gap-3 border-b border-rose-200 bg-rose-50 px-4 py-2 text-[13px] text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-200">
          <span aria-hidden="true" className="mt-px font-bold">
            ⚠
          </span>
          <div className="min-w-0 flex-1">
            <p className="m-0 font-medium">
              Could not open {error.fileName === 'pasted transcript' ? 'the pasted text' : (error.fileName ?? 'the transcript')}
              {error.line !== undefined ? ` — line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}` : ''}
            </p>
            {/* The message says once what the input looks like, what is supported and the closest format. */}
            <p className="m-0 mt-0.5 break-words text-[12.5px]">{peopleText(error.message)}</p>
            {docName && <p className="m-0 mt-1 text-[12px] opacity-80">Still showing {docName}.</p>}
          </div>
          <button
            type="button"
            onClick={dismiss}
            className="rounded px-1.5 text-[12px] font-medium hover:bg-rose-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:hover:bg-rose-500/20"
          >
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
