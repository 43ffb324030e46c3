import { isRecord } from '../is-record';

/** One message history of a trajectory file, where it sits, and the object around it (the attempt, or the file). */
export interface FoundHistory {
  list: unknown[];
  /** From the root: `['history']` or `['attempts', 1, 'history']`. */
  path: (string | number)[];
  /** How messages name the list: `history`, `attempts[1].history`. */
  where: string;
  /** The object holding `history`. */
  holder: Record<string, unknown>;
  /** 0-based, for a RetryAgent attempt read on its own (a file of attempts with none chosen). */
  attempt?: number;
}

/**
 * The histories of a SWE-agent trajectory: the file's own `history` (a RetryAgent file holds its chosen attempt
 * there, with every attempt in `attempts`), else one per attempt. Empty when the value holds none.
 */
export function historiesOf(value: unknown): FoundHistory[] {
  if (!isRecord(value)) return [];
  if (Array.isArray(value.history)) return [{ list: value.history, path: ['history'], where: 'history', holder: value }];
  if (!Array.isArray(value.attempts)) return [];
  const found: FoundHistory[] = [];
  value.attempts.forEach((attempt, k) => {
    if (isRecord(attempt) && Array.isArray(attempt.history)) {
      found.push({ list: attempt.history, path: ['attempts', k, 'history'], where: `attempts[${k}].history`, holder: attempt, attempt: k });
    }
  });
  return found;
}
