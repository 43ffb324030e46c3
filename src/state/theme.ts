/** The remembered theme choice: 'system' follows prefers-color-scheme. */
export type ThemePreference = 'system' | 'light' | 'dark';

const KEY = 'prunescope.theme';

export function readThemePreference(): ThemePreference {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function writeThemePreference(value: ThemePreference): void {
  try {
    if (value === 'system') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, value);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
}
