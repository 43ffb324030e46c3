import { listFormats } from './list-formats';

const EXTENSIONS: readonly string[] = Object.freeze([
  ...new Set(listFormats().flatMap((format) => format.extensions.map((extension) => extension.toLowerCase()))),
]);

/**
 * The file name extensions some registered format reads, lower-case, with the dot, each once, in the registry's
 * order (`.jsonl`, `.json`, `.traj`, …): what a folder scan should pick up and a file picker should offer. Compare a
 * file's extension lower-cased: `.JSONL` is read too.
 */
export function transcriptExtensions(): readonly string[] {
  return EXTENSIONS;
}
