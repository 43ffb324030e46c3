import { useState, type ReactNode } from 'react';
import { useInspector } from '../../state/react';
import { readStoredFlag, writeStoredFlag } from '../common/stored-flag';

const KEY = 'prunescope.facts-collapsed';

/**
 * The transcript's facts and the fate legend, folded away on demand (remembered) to give the rows more room; the
 * key to every figure on the page is one click away beside the legend. Open, the fold button sits in the facts'
 * top corner, so it costs no line of its own.
 */
export function FactsDisclosure({ facts, legend }: { facts: ReactNode; legend: ReactNode }) {
  const [collapsed, setCollapsed] = useState(() => readStoredFlag(KEY));
  const setExplainerOpen = useInspector((s) => s.setExplainerOpen);
  const toggle = () => {
    setCollapsed(!collapsed);
    writeStoredFlag(KEY, !collapsed);
  };
  const quiet =
    'shrink-0 rounded px-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-600 hover:text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-100';
  const key = (
    <button
      type="button"
      onClick={() => {
        setExplainerOpen(true);
        // Straight to the key, past the introduction.
        requestAnimationFrame(() => document.getElementById('key')?.scrollIntoView({ block: 'start' }));
      }}
      className={quiet} title="What the lanes, cells, budget, scorecard, urgency and score mean">
      Key
    </button>
  );
  if (collapsed) {
    return (
      <div className="-mx-1 flex items-center gap-2">
        <button type="button" aria-expanded={false} aria-controls="transcript-facts" onClick={toggle} className={quiet} title="Show the transcript facts and the legend">
          <span aria-hidden="true" className="inline-block w-3">
            ▸
          </span>
          Transcript facts
        </button>
        {key}
      </div>
    );
  }
  return (
    <div id="transcript-facts" className="flex min-w-0 flex-col gap-2">
      <div className="relative min-w-0 pr-6">
        {facts}
        <button
          type="button"
          aria-expanded={true}
          aria-controls="transcript-facts"
          aria-label="Transcript facts"
          onClick={toggle}
          title="Fold the facts away: more room for the rows"
          className="absolute right-0 top-0 inline-flex h-5 w-5 items-center justify-center rounded text-[12px] text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <div className="flex min-w-0 items-end gap-2">
        <div className="min-w-0 flex-1">{legend}</div>
        {key}
      </div>
    </div>
  );
}
