/** The panels of `PANELS` as tabs: what the main area shows (each panel's key opens it too). */
import { PANELS } from '../../state';
import { useInspector } from '../../state/react';
import { cx } from '../common/format';

export function PanelTabs() {
  const panel = useInspector((s) => s.panel);
  const setPanel = useInspector((s) => s.setPanel);
  const loaded = useInspector((s) => s.doc !== undefined);
  return (
    <div role="tablist" aria-label="View" className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
      {PANELS.map(({ id, label, title, key }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={panel === id}
          aria-keyshortcuts={key}
          disabled={!loaded}
          title={`${title} (${key})`}
          onClick={() => setPanel(id)}
          className={cx(
            'rounded px-2.5 py-0.5 text-[12.5px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            panel === id ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
