/** A yes/no choice remembered in localStorage ('1' / '0'); where storage is off, it lasts for this page only. */
export function readStoredFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeStoredFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
