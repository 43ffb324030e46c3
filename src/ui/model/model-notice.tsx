import { useState } from 'react';
import { useInspector } from '../../state/react';
import { laneLabels } from '../../worker/lanes';
import type { Inspector } from '../../state/inspector-state';

/**
 * Why a model of the user's own could not write a lane's summary, where there is room to read it: the summary's row
 * says so too, but the message column of a page with six lanes shows a few words of it. One line for every lane it
 * failed for, dismissible until the reason changes.
 */
export function ModelNotice() {
  const text = useInspector(failureText);
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

/** One sentence per failing reason, naming the lanes it failed for; '' when the model failed for none. */
function failureText(s: Inspector): string {
  const labels = laneLabels(s.lanes);
  const byReason = new Map<string, string[]>();
  s.lanes.forEach((lane, k) => {
    const failed = s.plans[lane.id]?.inserts.find((insert) => insert.model?.state === 'failed')?.model;
    if (!failed) return;
    const key = `${failed.model} could not write the summary of ${'\u0000'}: ${failed.reason ?? 'no reason given'}`;
    byReason.set(key, [...(byReason.get(key) ?? []), labels[k] ?? lane.id]);
  });
  return [...byReason].map(([sentence, lanes]) => `⚠ ${sentence.replace('\u0000', lanes.join(', '))}. The extractive summary is kept.`).join(' ');
}
