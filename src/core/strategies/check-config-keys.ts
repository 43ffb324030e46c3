import type { StrategyDefinition } from './types';

/** Keys every strategy's config may hold besides its options. */
const COMMON_KEYS = ['strategy', 'maxTurns', 'maxTokens', 'pinned', 'tokenCounter', 'request'] as const;

/**
 * Throws for a config key the strategy does not read (`keepSystem`, `maxToken`, a bound it does not honour), naming
 * the nearest key it does, so a typo is not silently ignored.
 *
 * @throws {TypeError} for an unknown key
 */
export function checkConfigKeys(definition: Pick<StrategyDefinition<string, { strategy: string }, unknown>, 'id' | 'bounds' | 'options' | 'fields' | 'honoursPins'>, config: object): void {
  const { id, bounds } = definition;
  // A bound it does not honour is no key of its own, so not ignored without a word (masking never drops a message; a
  // peer acts on its own trigger). A key left undefined, as a spread of optional fields leaves one, is not there.
  const known: string[] = [
    ...COMMON_KEYS.filter((key) => !key.startsWith('max') || bounds.includes(key as 'maxTurns')),
    ...definition.options.map((option) => option.key),
    ...(definition.fields ?? []),
  ];
  for (const key of Object.keys(config)) {
    if (known.includes(key) || (config as Record<string, unknown>)[key] === undefined) continue;
    const nearest = nearestKey(key, known);
    throw new TypeError(
      `pruneMessages: ${id} has no option ${JSON.stringify(key)}${nearest ? `; did you mean ${JSON.stringify(nearest)}?` : '.'} Its keys are ${known.join(', ')}.`,
    );
  }
}

/** The known key closest to `key` by edit distance (case ignored), when it is close enough to be a typo. */
function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const wanted = key.toLowerCase();
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}
