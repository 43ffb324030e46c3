/**
 * A rough token count for a number of characters: one token per four characters, rounded up.
 *
 * Anthropic's tokenizer is not public and a BPE tokenizer per message would cost far more than pruning does;
 * chars/4 is the estimate both the AI SDK and LangChain docs use for English and code. Shown as "≈ tokens".
 */
export function estimateTokens(characters: number): number {
  return characters <= 0 ? 0 : Math.ceil(characters / 4);
}
