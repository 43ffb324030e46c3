import type { FormatDefinition, NearMiss, TranscriptSource } from './format-types';
import { FORMAT_REGISTRY } from './registry';
import type { TranscriptFormat } from './types';

/** A transcript format prunescope does not read, recognised so the error can name it. */
export interface ForeignFormat extends Omit<NearMiss, 'recognise'> {
  /** The supported format nearest to it: the one whose `nearMisses` list it is in. */
  closest: TranscriptFormat;
}

/**
 * Recognises agent logs prunescope does not read (each format lists, in `nearMisses`, those it is the closest
 * supported format for: Gemini CLI sessions, OpenHands event streams, Letta agent files, agent steps with no message
 * history, YAML)
 * from the parsed JSON or, for text that is not JSON, from the text. `undefined` when the input looks like none of
 * them. Only asked after every supported format said no, so it never takes a file away from a reader.
 */
export function identifyForeignFormat(input: TranscriptSource | string): ForeignFormat | undefined {
  for (const format of FORMAT_REGISTRY as readonly FormatDefinition<TranscriptFormat>[]) {
    for (const { recognise, ...named } of format.nearMisses ?? []) {
      if (recognise(input)) return { ...named, closest: format.id };
    }
  }
  return undefined;
}
