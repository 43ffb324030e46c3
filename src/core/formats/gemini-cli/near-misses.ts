import type { NearMiss, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

/**
 * Gemini API `contents`: `[{ role: 'user' | 'model', parts: [...] }]`, bare (a `/chat save` checkpoint of Gemini
 * CLI, `checkpoint-<tag>.json`) or in a `generateContent` request body. A `model` turn or a function part tells it
 * from other role-keyed lists.
 */
function isGeminiContents(input: TranscriptSource | string): boolean {
  if (typeof input === 'string' || input.kind !== 'document') return false;
  const { value } = input;
  const list: unknown[] | undefined = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.contents) ? value.contents : undefined;
  if (list === undefined || list.length === 0) return false;
  const sample = list.slice(0, 50);
  if (!sample.every((c) => isRecord(c) && Array.isArray(c.parts) && (c.role === undefined || c.role === 'user' || c.role === 'model' || c.role === 'function'))) return false;
  return sample.some((c) => isRecord(c) && (c.role === 'model' || (c.parts as unknown[]).some((p) => isRecord(p) && ('functionCall' in p || 'functionResponse' in p))));
}

/** Inputs prunescope does not read whose closest supported format is the Gemini CLI session. */
export const GEMINI_CLI_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'Gemini API contents',
    phrase: 'Gemini API contents',
    hint: 'a `/chat save` checkpoint or a generateContent request holds `{ role, parts }` turns; prunescope reads the Gemini CLI session files that hold the same conversation with its call ids, thoughts and usage (`~/.gemini/tmp/<project>/chats/session-*.json` or `.jsonl`)',
    recognise: isGeminiContents,
  },
];
