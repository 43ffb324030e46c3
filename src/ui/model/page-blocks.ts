import { endpointOrigin, policyAllows } from '../../state/model-settings';

/** The page's own Content-Security-Policy, as its meta tag declares it (the dev server has none). */
export function pagePolicy(): string | undefined {
  return document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? undefined;
}

/** The endpoint's origin when this page's policy refuses to connect there (no request can reach it), else undefined. */
export function pageBlocks(baseUrl: string): string | undefined {
  const origin = endpointOrigin(baseUrl);
  return origin !== undefined && !policyAllows(pagePolicy(), origin, location.origin) ? origin : undefined;
}
