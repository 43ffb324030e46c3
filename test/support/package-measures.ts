/**
 * Sizes of the package as a user gets it, shared by the package test (which holds the limits) and
 * bench/package.bench.ts (which prints the figures).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

/** Bytes of every file under `dir`, as `npm install` leaves them (apparent sizes, not disk blocks). */
export function installedBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += installedBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

export interface TreeShaken {
  /** Minified bytes loaded with the entry: the entry chunk and what it imports statically. */
  eager: number;
  eagerGzip: number;
  /** Minified bytes of chunks only a dynamic `import()` reaches (vocabularies, loaded when asked for). */
  lazy: number;
}

/**
 * What an application bundler keeps of the package when `source` (an ES module importing from it) is the whole
 * application: Vite's production build (Rolldown, minified), run in `consumer` so the installed package resolves.
 */
export async function treeShakenBytes(consumer: string, source: string): Promise<TreeShaken> {
  const entry = '\0tree-shake-entry';
  const result = await build({
    root: consumer,
    configFile: false,
    logLevel: 'silent',
    plugins: [{ name: 'entry', resolveId: (id) => (id === entry ? id : null), load: (id) => (id === entry ? source : null) }],
    build: { write: false, minify: true, rollupOptions: { input: entry } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const eager = new Set<string>();
  const visit = (name: string): void => {
    if (eager.has(name)) return;
    eager.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  let eagerBytes = 0;
  let eagerGzip = 0;
  let lazy = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.byteLength(chunk.code);
    if (eager.has(chunk.fileName)) {
      eagerBytes += bytes;
      eagerGzip += gzipSync(chunk.code).length;
    } else lazy += bytes;
  }
  return { eager: eagerBytes, eagerGzip, lazy };
}
