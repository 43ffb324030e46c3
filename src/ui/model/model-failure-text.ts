/** One failing reason of a model of the user's own and the lanes it failed for. */
export interface ModelFailure {
  model: string;
  reason: string | undefined;
  lanes: readonly string[];
}

/**
 * The notice's words: when the page's own policy blocks the endpoint, that first (no request left the page, so the
 * browser's "Failed to fetch" and a question about CORS would send the user to the wrong server); then one sentence
 * per reason, naming its lanes, each ended once. '' when nothing failed.
 */
export function modelFailureText(failures: readonly ModelFailure[], blockedOrigin: string | undefined): string {
  if (failures.length === 0) return '';
  const sentences = failures.map(({ model, reason, lanes }) => `⚠ ${model} could not write the summary of ${lanes.join(', ')}: ${ended(reason ?? 'no reason given')} The extractive summary is kept.`);
  const blocked = blockedOrigin === undefined ? [] : [`⚠ This page's Content-Security-Policy blocks ${blockedOrigin}, so no request reached it: serve the inspector with PRUNESCOPE_MODEL_ORIGIN=${blockedOrigin} (see the README).`];
  return [...blocked, ...sentences].join(' ');
}

function ended(text: string): string {
  return /[.?!]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
