import type { ContentBlock, Message } from '../../types';
import type { ToolResultTable } from '../../links/list-tool-results';

/** The path the `Read` call answered by result r read, if it names one. */
export function readPath(messages: readonly Message[], results: ToolResultTable, r: number): string | undefined {
  const call = results.callMessage[r] as number;
  if (call < 0) return undefined;
  const use = ((messages[call] as Message).content as ContentBlock[])[results.callBlock[r] as number] as { input?: { file_path?: unknown } };
  const path = use.input?.file_path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}
