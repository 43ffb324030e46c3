import { endpointOrigin, policyAllows } from '../../state/model-settings';

let policy: { value: string | undefined } | undefined;

/** The page's own Content-Security-Policy, as its meta tag declares it (the dev server has none); read once, it never changes. */
export function pagePolicy(): string | undefined {
  policy ??= { value: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? undefined };
  return policy.value;
}

/** The endpoint's origin when this page's policy refuses to connect there (no request can reach it), else undefined. */
export function pageBlocks(baseUrl: string): string | undefined {
  const origin = endpointOrigin(baseUrl);
  return origin !== undefined && !policyAllows(pagePolicy(), origin, location.origin) ? origin : undefined;
}
