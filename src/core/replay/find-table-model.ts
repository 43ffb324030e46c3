/** Which table entry stands for a model, and whether it is that model or the nearest one of its family. */
export interface TableMatch {
  id: string;
  exact: boolean;
}

const FAMILY = /^claude-(?:(opus|sonnet|haiku)-(\d+)(?:\.(\d))?|(\d+)(?:\.(\d))?-(opus|sonnet|haiku))$/;

/**
 * The id in `ids` (a price table's keys, `provider/name`) that stands for `model`, as a table id or as a transcript
 * names it: `claude-opus-4-6`, `claude-sonnet-4-5-20250929`, `gpt-5-codex`, Claude Code's `sonnet`. Names are
 * compared without the provider, the date suffix and with `4-5` read as `4.5`. A Claude model the table does not
 * list takes its family's nearest older version (newer when there is none), since Anthropic prices a family's
 * versions alike or lower over time; `sonnet`, `opus` and `haiku` take the family's newest. Any other name takes the
 * longest listed name it starts with (`gpt-5.1-codex-max` → `gpt-5.1-codex`). `undefined` when nothing fits.
 */
export function findTableModel(ids: readonly string[], model: string): TableMatch | undefined {
  const wanted = canonical(model);
  const byName = new Map<string, string>();
  for (const id of ids) if (!byName.has(canonical(id))) byName.set(canonical(id), id);
  const exact = byName.get(wanted);
  if (exact !== undefined) return { id: exact, exact: true };

  const alias = /^(opus|sonnet|haiku)$/.exec(wanted)?.[1];
  const family = alias ?? familyOf(wanted)?.family;
  if (family !== undefined) {
    const target = alias ? Infinity : (familyOf(wanted)?.version ?? Infinity);
    let below: { id: string; version: number } | undefined;
    let above: { id: string; version: number } | undefined;
    for (const [name, id] of byName) {
      const f = familyOf(name);
      if (f === undefined || f.family !== family) continue;
      if (f.version <= target) {
        if (below === undefined || f.version > below.version) below = { id, version: f.version };
      } else if (above === undefined || f.version < above.version) above = { id, version: f.version };
    }
    const nearest = below ?? above;
    return nearest ? { id: nearest.id, exact: false } : undefined;
  }

  let best: string | undefined;
  for (const [name, id] of byName) {
    if (wanted.startsWith(`${name}-`) && (best === undefined || name.length > canonical(best).length)) best = id;
  }
  return best === undefined ? undefined : { id: best, exact: false };
}

function canonical(id: string): string {
  return id
    .toLowerCase()
    .replace(/^[^/]*\//, '')
    .replace(/-(?:20\d{6}|latest)$/, '')
    .replace(/(\d)-(\d)(?!\d)/g, '$1.$2');
}

function familyOf(name: string): { family: string; version: number } | undefined {
  const m = FAMILY.exec(name);
  if (m === null) return undefined;
  const family = (m[1] ?? m[6]) as string;
  const major = Number(m[2] ?? m[4]);
  const minor = Number(m[3] ?? m[5] ?? 0);
  return { family, version: major + minor / 10 };
}
