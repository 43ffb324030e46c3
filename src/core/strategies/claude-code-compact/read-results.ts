import type { Message } from '../../types';
import type { ToolResultTable } from '../../links/list-tool-results';
import { readPath } from './read-path';

/**
 * The results that answer a `Read` call with a path, in message order: the only ones a re-read can come from, so a
 * replay that asks per request walks these, not every result (the synthetic transcript's reads name no path at all).
 */
export function readResults(messages: readonly Message[], results: ToolResultTable): Int32Array {
  const reads: number[] = [];
  for (let r = 0; r < results.count; r++) if (results.toolName[r] === 'Read' && readPath(messages, results, r) !== undefined) reads.push(r);
  return Int32Array.from(reads);
}
