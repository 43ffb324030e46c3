/**
 * Tool arguments as OpenAI sends them: a JSON string, parsed. A model sometimes writes arguments that are not
 * JSON; those are kept as written, so nothing the transcript holds is lost.
 */
export function parseToolArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
