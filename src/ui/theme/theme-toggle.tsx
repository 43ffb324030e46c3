import { useEffect, useState } from 'react';
import { readThemePreference, writeThemePreference, type ThemePreference } from '../../state';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyTheme(preference: ThemePreference): void {
  const dark = preference === 'dark' || (preference === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
}

/** Follows the system until chosen; the choice is remembered in localStorage. */
export function ThemeToggle() {
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system' || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference]);

  return (
    <button
      type="button"
      aria-label={`Theme: ${LABEL[preference]}. Switch to ${LABEL[NEXT[preference]]}`}
      title={`Theme: ${LABEL[preference]} (click for ${LABEL[NEXT[preference]]})`}
      onClick={() => {
        const next = NEXT[preference];
        writeThemePreference(next);
        setPreference(next);
      }}
      className="inline-flex h-7 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2 text-[12px] font-medium text-zinc-700 shadow-sm hover:bg-zinc-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
        {preference === 'light' ? (
          <>
            <circle cx="8" cy="8" r="3" />
            <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" strokeLinecap="round" />
          </>
        ) : preference === 'dark' ? (
          <path d="M13 9.5A5.5 5.5 0 016.5 3a5.5 5.5 0 106.5 6.5z" strokeLinejoin="round" />
        ) : (
          <>
            <rect x="2" y="3" width="12" height="8.5" rx="1.2" />
            <path d="M6 14h4" strokeLinecap="round" />
          </>
        )}
      </svg>
      {LABEL[preference]}
    </button>
  );
}
