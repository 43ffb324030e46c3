/**
 * The inspector's Content-Security-Policy. Transcripts stay on the page: connections go to this origin only (the
 * embedded sample), no inline or remote scripts or styles, workers from this origin. React sets row positions through
 * the CSSOM, which style-src does not restrict.
 *
 * A model of the user's own (issue 22) is one more origin the page may connect to, and only that one: given as
 * `PRUNESCOPE_MODEL_ORIGIN` when the inspector is built or served (`PRUNESCOPE_MODEL_ORIGIN=http://localhost:11434
 * npm run build`). A policy in a meta tag cannot be widened from the page itself, so the choice is made here, where
 * the page is made, not in a form the page could be tricked into filling.
 */
export function contentSecurityPolicy(modelOrigin?: string): string {
  const origin = modelOrigin === undefined || modelOrigin.trim() === '' ? undefined : originOf(modelOrigin.trim());
  const connect = origin === undefined ? "'self'" : `'self' ${origin}`;
  return `default-src 'self'; script-src 'self'; connect-src ${connect}; worker-src 'self' blob:; style-src 'self'; img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'`;
}

/** `scheme://host[:port]` of an http(s) URL; an error that names the variable for anything else. */
function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PRUNESCOPE_MODEL_ORIGIN must be an http(s) URL such as http://localhost:11434, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PRUNESCOPE_MODEL_ORIGIN must be an http(s) URL, got ${JSON.stringify(value)} (${url.protocol})`);
  }
  return url.origin;
}
