import { CliError } from '../errors';
import type { FileOutcome } from './types';

/** What a `--json` output of `report` or `advise` holds that merging reads. */
interface MergeablePart<S, C> {
  prunescope: string;
  version: number;
  settings: S;
  files: FileOutcome[];
  conversations: C[];
}

/**
 * The `--merge` parts of one run of `command` (`report`, `advise`), joined: each must be that command's version-1
 * `--json` output, and all made with the same settings, or their figures would not be comparable; an error names the
 * part and the settings that differ. `noun` names one part in the messages (`report`).
 */
export function mergeParts<S, C>(command: string, noun: string, parts: readonly { label: string; value: unknown }[]): { settings: S; files: FileOutcome[]; conversations: C[] } {
  let settings: S | undefined;
  let first = '';
  const files: FileOutcome[] = [];
  const conversations: C[] = [];
  for (const { label, value } of parts) {
    const part = value as Partial<MergeablePart<S, C>> | null;
    if (part === null || typeof part !== 'object' || part.prunescope !== command || !Array.isArray(part.conversations) || !Array.isArray(part.files) || part.settings === undefined) {
      throw new CliError(`${command}: ${label} is not the --json output of prunescope ${command}`);
    }
    if (part.version !== 1) throw new CliError(`${command}: ${label} is a version ${String(part.version)} ${noun}; this prunescope merges version 1`);
    if (settings === undefined) {
      settings = part.settings;
      first = label;
    } else if (JSON.stringify(part.settings) !== JSON.stringify(settings)) {
      throw new CliError(`${command}: ${label} was run with other settings than ${first} (${differing(settings, part.settings).join(', ')}); merge parts of one run`);
    }
    files.push(...part.files);
    conversations.push(...part.conversations);
  }
  if (settings === undefined) throw new CliError(`${command}: --merge needs at least one ${noun} file`);
  return { settings, files, conversations };
}

/** The names of the settings two parts disagree on. */
function differing(a: unknown, b: unknown): string[] {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((key) => JSON.stringify(x[key]) !== JSON.stringify(y[key])).map((key) => `${key} differs`);
}
