/** Which table entry stands for a model, and whether it is that model or the nearest one of its family. */
export interface TableMatch {
  id: string;
  exact: boolean;
}

/**
 * The id in `ids` (a price table's keys, `provider/name`) that stands for `model`, as a table id or as a transcript
 * names it: `claude-opus-4-6`, `claude-sonnet-4-5-20250929`, `gpt-5-codex`, Claude Code's `sonnet`. Names are
 * compared without the provider, the date suffix and with `4-5` read as `4.5`; a provider given (`openai/gpt-5.5`)
 * looks among that provider's entries first. In order:
 *
 * 1. the same name;
 * 2. the longest listed name it starts with (`gpt-5.1-codex-max` → `gpt-5.1-codex`, `gpt-4o-2024-08-06` → `gpt-4o`);
 * 3. its family's nearest version, for every provider: a name is a family (`gpt`, `claude`, `gemini`, `o`,
 *    `kimi-k`), a version (`5.5`) and a tier (`mini`, `codex`, `opus`, `flash`; `preview`, `exp` and snapshot
 *    numbers do not count). The same family and tier at the nearest older version wins (newer when there is none),
 *    since providers price a family's versions alike or lower over time; a tier the family does not list takes the
 *    family's plain entry (`gpt-5.5-ultra` → `gpt-5`), never another tier (a haiku is not priced as an opus); a
 *    tier of several words first takes one of them (`gemini-3-pro-image-preview` → `gemini-3-pro-preview`).
 *    `sonnet`, `opus` and `haiku` alone take the Claude tier's newest.
 *
 * `undefined` when nothing fits.
 */
export function findTableModel(ids: readonly string[], model: string): TableMatch | undefined {
  const provider = /^([^/]+)\//.exec(model)?.[1]?.toLowerCase();
  const own = provider === undefined ? [] : ids.filter((id) => id.toLowerCase().startsWith(`${provider}/`));
  if (own.length > 0 && own.length < ids.length) {
    const mine = findTableModel(own, model.slice(provider!.length + 1));
    if (mine !== undefined) return mine;
  }
  const wanted = canonical(model);
  const byName = new Map<string, string>();
  for (const id of ids) if (!byName.has(canonical(id))) byName.set(canonical(id), id);
  const exact = byName.get(wanted);
  if (exact !== undefined) return { id: exact, exact: true };

  let best: string | undefined;
  for (const [name, id] of byName) {
    if (wanted.startsWith(`${name}-`) && (best === undefined || name.length > canonical(best).length)) best = id;
  }
  if (best !== undefined) return { id: best, exact: false };

  const target = /^(opus|sonnet|haiku)$/.test(wanted) ? { family: 'claude', tier: wanted, version: [Infinity] } : familyOf(wanted);
  if (target === undefined) return undefined;
  const nearest = (tier: string): string | undefined => {
    let below: { id: string; version: number[] } | undefined;
    let above: { id: string; version: number[] } | undefined;
    for (const [name, id] of byName) {
      const f = familyOf(name);
      if (f === undefined || f.family !== target.family || f.tier !== tier) continue;
      if (compareVersions(f.version, target.version) <= 0) {
        if (below === undefined || compareVersions(f.version, below.version) > 0) below = { id, version: f.version };
      } else if (above === undefined || compareVersions(f.version, above.version) < 0) above = { id, version: f.version };
    }
    return (below ?? above)?.id;
  };
  // A tier of several words the family does not list takes one of its words it does (`gemini-3-pro-image-preview`, an
  // image variant, → `gemini-3-pro-preview`), before the family's plain entry.
  const words = target.tier.split('-').filter((w) => w !== '');
  const id = nearest(target.tier) ?? (words.length > 1 ? words.map(nearest).find((w) => w !== undefined) : undefined) ?? (target.tier !== '' ? nearest('') : undefined);
  return id === undefined ? undefined : { id, exact: false };
}

function canonical(id: string): string {
  return id
    .toLowerCase()
    .replace(/^[^/]*\//, '')
    .replace(/-(?:20\d{6}|latest)$/, '')
    .replace(/(\d)-(\d)(?!\d)/g, '$1.$2');
}

/** Words that say how a model is served, not which model it is. */
const NOT_A_TIER = new Set(['preview', 'exp', 'latest', 'beta']);

/**
 * A canonical name read as family, version and tier: `gpt-5.1-codex` → gpt, [5, 1], codex; `claude-opus-4.5` and
 * `claude-3-opus` → claude, opus; `o4-mini` → o, mini; `kimi-k2-thinking` → kimi-k, thinking; `qwen3-coder` → qwen,
 * coder. Undefined for a name without a version (`nova-pro`).
 */
function familyOf(name: string): { family: string; version: number[]; tier: string } | undefined {
  const tokens = name.split('-');
  const at = tokens.findIndex((t) => /\d/.test(t));
  if (at < 0) return undefined;
  const m = /^([a-z]*)(\d+(?:\.\d+)*)([a-z]*)$/.exec(tokens[at] as string);
  if (m === null) return undefined;
  const [, prefix = '', digits = '', suffix = ''] = m;
  // The family is the brand (the first word) and any letters the version carries (`o3`, `kimi-k2`, `deepseek-v3`).
  const family = at === 0 ? prefix : `${tokens[0]}${prefix ? `-${prefix}` : ''}`;
  if (family === '') return undefined;
  const tier = [...tokens.slice(1, at), suffix, ...tokens.slice(at + 1)]
    .filter((t) => t !== '' && !NOT_A_TIER.has(t) && !/^\d+(?:\.\d+)*$/.test(t))
    .sort()
    .join('-');
  return { family, version: digits.split('.').map(Number), tier };
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
