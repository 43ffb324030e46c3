/**
 * Whether a model's requests hold any thinking the model wrote before, even in the current turn. Gemini's clients
 * drop thought parts from the history they send back (gemini-cli's `geminiChat` filters `part.thought` out of every
 * response before recording it), and the API needs only the opaque thought signatures on the calls: so no Gemini
 * request holds thinking. Measured on the real Gemini CLI session: with its thought summaries counted, the residual
 * against the recorded input falls by 900 tokens over 11 requests; without them it holds within 400. Other models
 * resend it at least within a turn (see `keepsPriorThinking` for earlier turns). An unknown or missing model resends
 * it: counting too much is the safe side of a budget.
 */
export function resendsThinking(model: string | undefined): boolean {
  if (typeof model !== 'string' || model.length === 0) return true;
  return !/(^|[/.:-])gemini-/.test(model.toLowerCase());
}
