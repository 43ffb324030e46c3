import { CliError } from '../errors';
import { readMergePart } from '../input';
import type { Io } from '../io';
import type { FileOutcome } from '../report/types';
import type { AdviseJson, AdviseOutcome, AdviseSettings } from './types';

/**
 * The `--merge` files of `advise`: earlier `advise --json` outputs, whose conversations count in this answer and
 * whose files are not read again. All must be made with the same settings (model, window, bounds, strategies,
 * encoding, prices), or their points would not be comparable; the error says which file differs.
 */
export async function readMergeFiles(command: string, io: Io, paths: readonly string[]): Promise<{ settings: AdviseSettings; files: FileOutcome[]; conversations: AdviseOutcome[] } | undefined> {
  if (paths.length === 0) return undefined;
  let settings: AdviseSettings | undefined;
  let first = '';
  const files: FileOutcome[] = [];
  const conversations: AdviseOutcome[] = [];
  for (const path of paths) {
    const json = (await readMergePart(io, 'advise', path)) as Partial<AdviseJson> | null;
    if (json === null || typeof json !== 'object') throw new CliError(`${path}: not the output of prunescope advise --json (version 1)`);
    if (json.prunescope !== 'advise' || json.version !== 1 || !Array.isArray(json.conversations) || !Array.isArray(json.files) || json.settings === undefined) {
      throw new CliError(`${path}: not the output of prunescope advise --json (version 1)`);
    }
    if (settings === undefined) {
      settings = json.settings;
      first = path;
    } else if (JSON.stringify(json.settings) !== JSON.stringify(settings)) {
      throw new CliError(`${command}: ${path} was swept with other settings than ${first} (${JSON.stringify(json.settings)} against ${JSON.stringify(settings)}); merge only parts of one run`);
    }
    files.push(...json.files);
    conversations.push(...json.conversations);
  }
  return { settings: settings as AdviseSettings, files, conversations };
}
