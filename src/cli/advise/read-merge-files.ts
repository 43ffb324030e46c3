import { readMergePart } from '../input';
import type { Io } from '../io';
import { mergeParts } from '../report/merge-parts';
import type { FileOutcome } from '../report/types';
import type { AdviseOutcome, AdviseSettings } from './types';

/**
 * The `--merge` files of `advise`: earlier `advise --json` outputs, whose conversations count in this answer and
 * whose files are not read again. All must be made with the same settings (model, window, bounds, strategies,
 * encoding, prices), or their points would not be comparable (`mergeParts` checks, as `report --merge` does).
 */
export async function readMergeFiles(command: string, io: Io, paths: readonly string[]): Promise<{ settings: AdviseSettings; files: FileOutcome[]; conversations: AdviseOutcome[] } | undefined> {
  if (paths.length === 0) return undefined;
  const parts: { label: string; value: unknown }[] = [];
  for (const path of paths) parts.push({ label: path, value: await readMergePart(io, command, path) });
  return mergeParts<AdviseSettings, AdviseOutcome>(command, 'sweep', parts);
}
