/** An error object's message (`{ error: { message, type } }` in every protocol), or undefined when there is none. */
export function errorText(error: unknown): string | undefined {
  if (error === null || error === undefined) return undefined;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return String(error);
  const { message, type, code } = error as Record<string, unknown>;
  const label = typeof type === 'string' ? type : typeof code === 'string' ? code : undefined;
  if (typeof message === 'string') return label ? `${message} (${label})` : message;
  return label ?? JSON.stringify(error);
}
