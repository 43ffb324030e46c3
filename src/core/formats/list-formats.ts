import type { TokenEncoding } from '../tokens/types';
import { FORMAT_REGISTRY } from './registry';
import type { HarnessTraits } from './format-types';
import type { Provider, TranscriptFormat } from './types';

/** What a program or a person may want to know of a format, without its reader and writer. */
export interface FormatInfo {
  id: TranscriptFormat;
  /** How messages name it: `Claude Code session JSONL`. */
  name: string;
  /** Short, for a badge: `Claude Code session`. */
  label: string;
  /** File name extensions with the dot: `.jsonl`. */
  extensions: readonly string[];
  /** The API its requests are sent in. */
  provider: Provider;
  /** For a format that is an API's own request shape: the API's name (`Anthropic Messages`); `validateMessages` takes its id. */
  apiLabel: string | undefined;
  encoding: TokenEncoding;
  /** Whether its files record what their requests cost (`readRecordedUsage`, or `readRecordedTotal`). */
  recordsUsage: boolean;
  /** Whether its files record what the whole run cost (`readRecordedTotal`). */
  recordsTotal: boolean;
  /** Whether that usage is on lines the parser skips, so `readRecordedUsage` and `readReplayInputs` need the file's text. */
  usageInText: boolean;
  /** What the agent harness that writes it does beyond what its files record, for a replay; absent when none does. */
  harness?: HarnessTraits;
}

const INFO: readonly FormatInfo[] = Object.freeze(
  FORMAT_REGISTRY.map((f) =>
    Object.freeze({
      id: f.id,
      name: f.name,
      label: f.label,
      extensions: Object.freeze([...f.extensions]),
      provider: f.provider as Provider,
      apiLabel: f.api?.label,
      encoding: f.encoding,
      recordsUsage: f.recordedUsage !== undefined,
      recordsTotal: f.recordedUsage?.readTotal !== undefined,
      usageInText: f.recordedUsage?.fromText === true,
      ...(f.harness ? { harness: Object.freeze(harnessTraits(f.harness)) } : {}),
    }),
  ),
);

function harnessTraits({ name, unrecordedInput, reinjectsAfterCompaction, breaksCacheOnNewPrompt, compactPromptTokens }: HarnessTraits): HarnessTraits {
  return {
    name,
    ...(unrecordedInput !== undefined ? { unrecordedInput } : {}),
    ...(reinjectsAfterCompaction !== undefined ? { reinjectsAfterCompaction } : {}),
    ...(breaksCacheOnNewPrompt !== undefined ? { breaksCacheOnNewPrompt } : {}),
    ...(compactPromptTokens !== undefined ? { compactPromptTokens } : {}),
  };
}

/** The formats `parseTranscript` reads and `serializeTranscript` writes, in the registry's order. */
export function listFormats(): readonly FormatInfo[] {
  return INFO;
}
