import { useState } from 'react';
import { useInspector } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import type { Inspector } from '../../state/inspector-state';
import { modelFailureText, type ModelFailure } from './model-failure-text';
import { pageBlocks } from './page-blocks';

/**
 * Why a model of the user's own could not write a lane's summary, where there is room to read it: the summary's row
 * says so too, but the message column of a page with six lanes shows a few words of it. One line for every lane it
 * failed for, dismissible until the reason changes.
 */
export function ModelNotice() {
  const text = useInspector(noticeText);
  const [dismissed, setDismissed] = useState('');
  if (text === '' || text === dismissed) return null;
  return (
    <div role="alert" data-testid="model-notice" className="flex items-start gap-3 border-b border-rose-200 bg-rose-50 px-4 py-1.5 text-[13px] text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-200">
      <span className="min-w-0 flex-1 break-words">{text}</span>
      <button type="button" onClick={() => setDismissed(text)} className="rounded px-1.5 text-[12px] font-medium hover:bg-rose-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:hover:bg-rose-500/20">
        Dismiss
      </button>
    </div>
  );
}

/** The notice's words, a string (a selector's answer must be equal when nothing changed). */
function noticeText(s: Inspector): string {
  const failures = failuresOf(s);
  return modelFailureText(failures, failures.length > 0 ? pageBlocks(s.modelSettings.baseUrl) : undefined);
}

/** Per failing reason, the lanes it failed for, in lane order. */
function failuresOf(s: Inspector): ModelFailure[] {
  const labels = laneLabels(s.lanes);
  const byReason = new Map<string, ModelFailure & { lanes: string[] }>();
  s.lanes.forEach((lane, k) => {
    const failed = s.plans[lane.id]?.inserts.find((insert) => insert.model?.state === 'failed')?.model;
    if (!failed) return;
    const key = `${failed.model}\u0000${failed.reason ?? ''}`;
    const entry = byReason.get(key) ?? { model: failed.model, reason: failed.reason, lanes: [] };
    entry.lanes.push(labels[k] ?? lane.id);
    byReason.set(key, entry);
  });
  return [...byReason.values()];
}
