/** Whether the first-run explainer was dismissed: remembered, so it greets a person once. */
const KEY = 'prunescope.explainer-dismissed';

export function readExplainerDismissed(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    // Storage disabled: show it; dismissing it then lasts for this page only.
    return false;
  }
}

export function writeExplainerDismissed(): void {
  try {
    globalThis.localStorage?.setItem(KEY, '1');
  } catch {
    // Storage disabled: dismissed for this page only.
  }
}
