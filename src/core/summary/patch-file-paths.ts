const HEADER = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm;

/** The files an `apply_patch` envelope touches: its `*** Add/Update/Delete File:` and `*** Move to:` headers, in order. */
export function patchFilePaths(patch: string): string[] {
  if (!patch.includes('*** Begin Patch')) return [];
  const paths: string[] = [];
  for (const match of patch.matchAll(HEADER)) {
    const path = (match[1] ?? match[2] ?? '').trim();
    if (path !== '') paths.push(path);
  }
  return paths;
}
