/** The Anthropic Messages format's id, on its own so a format that names this API as its provider pulls in no parser. */
export const ANTHROPIC_FORMAT_ID = 'anthropic' as const;
