import type { Message } from '../../src/core/types';
import type { StrategyId } from '../../src/core/strategies/registry';
import { createSummaryMessage } from '../../src/core/summary/create-summary-message';
import { scoreMessage } from '../../src/core/scoring/score-message';
import { toolBlockKind } from '../../src/core/links/tool-block-kind';

/**
 * Reference implementations written for obviousness, not speed (O(n²)); the fast core must agree with them.
 */

interface Found {
  pairs: string[];
  orphans: string[];
}

/** Each result takes the nearest preceding unanswered call with its id, by a backwards scan. */
export function naiveLinks(messages: readonly Message[]): Found {
  const blocks: { m: number; b: number; kind: 'use' | 'result'; id: string; answered: boolean }[] = [];
  messages.forEach((message, m) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block, b) => {
      const kind = toolBlockKind(block);
      if (!kind) return;
      const id = kind === 'use' ? (block as { id: string }).id : (block as { tool_use_id: string }).tool_use_id;
      blocks.push({ m, b, kind, id, answered: false });
    });
  });
  const pairs: string[] = [];
  const orphans: string[] = [];
  blocks.forEach((block, k) => {
    if (block.kind !== 'result') return;
    for (let j = k - 1; j >= 0; j--) {
      const use = blocks[j]!;
      if (use.kind === 'use' && use.id === block.id && !use.answered) {
        use.answered = true;
        block.answered = true;
        pairs.push(`${block.id}:${use.m}.${use.b}->${block.m}.${block.b}`);
        return;
      }
    }
    orphans.push(`result ${block.id}@${block.m}.${block.b}`);
  });
  for (const block of blocks) if (block.kind === 'use' && !block.answered) orphans.push(`use ${block.id}@${block.m}.${block.b}`);
  return { pairs: pairs.sort(), orphans: orphans.sort() };
}

/** Message groups: connected components of the "linked by a pair" relation, each as a sorted index list. */
export function naiveGroups(messages: readonly Message[]): number[][] {
  const edges = naiveLinks(messages).pairs.map((p) => {
    const [, use, result] = /:(\d+)\.\d+->(\d+)\.\d+$/.exec(p)!;
    return [Number(use), Number(result)] as const;
  });
  const groupOf = messages.map((_, i) => i);
  let changed = true;
  while (changed) {
    changed = false;
    for (const [a, b] of edges) {
      const low = Math.min(groupOf[a]!, groupOf[b]!);
      if (groupOf[a] !== low || groupOf[b] !== low) {
        groupOf[a] = groupOf[b] = low;
        changed = true;
      }
    }
  }
  const groups = new Map<number, number[]>();
  groupOf.forEach((g, i) => groups.set(g, [...(groups.get(g) ?? []), i]));
  return [...groups.values()];
}

export function naivePrune(messages: readonly Message[], strategy: StrategyId, maxTurns: number): Message[] {
  const n = messages.length;
  const target = Math.max(1, Math.floor(maxTurns));
  if (n <= target) return [...messages];
  const groups = naiveUnits(messages);
  const groupOfIndex = (i: number) => groups.find((g) => g.includes(i))!;

  if (strategy !== 'importance') {
    let cut = n - target;
    for (;;) {
      const earliest = Math.min(...messages.slice(cut).map((_, k) => groupOfIndex(cut + k)[0]!));
      if (earliest >= cut) break;
      cut = earliest;
    }
    const kept = messages.slice(cut);
    return strategy === 'summarize' && cut > 0 ? [createSummaryMessage(cut), ...kept] : kept;
  }

  const scored = groups
    .map((g) => ({ g, score: Math.max(...g.map((i) => scoreMessage(messages[i]!, i, n))) }))
    .sort((a, b) => a.score - b.score || a.g[0]! - b.g[0]!);
  const dropped = new Set<number>();
  let kept = n;
  for (const { g } of scored) {
    if (kept <= target) break;
    if (g.includes(n - 1)) continue;
    g.forEach((i) => dropped.add(i));
    kept -= g.length;
  }
  return messages.filter((_, i) => !dropped.has(i));
}

/**
 * The units strategies keep or drop whole: the groups, with a message holding a broken block (an orphan, or one end of
 * a pair split across turns) joined to its turn (the run of its role around it) and the message on each side of it.
 */
export function naiveUnits(messages: readonly Message[], groups = naiveGroups(messages)): number[][] {
  const links = naiveLinks(messages);
  const turnOf = (i: number) => messages.slice(1, i + 1).filter((m, k) => m.role !== messages[k]!.role).length;
  const broken = links.orphans.map((o) => Number(/@(\d+)\./.exec(o)![1]));
  for (const pair of links.pairs) {
    const [, use, result] = /:(\d+)\.\d+->(\d+)\.\d+$/.exec(pair)!.map(Number) as [number, number, number];
    if (turnOf(result) - turnOf(use) > 1 || messages[use]!.role !== 'assistant') broken.push(use, result);
  }
  const glue: number[][] = broken.map((i) => {
    let start = i;
    while (start > 0 && messages[start - 1]!.role === messages[i]!.role) start--;
    let end = i;
    while (end < messages.length - 1 && messages[end + 1]!.role === messages[i]!.role) end++;
    return Array.from({ length: end - start + 3 }, (_, k) => start - 1 + k).filter((k) => k >= 0 && k < messages.length);
  });
  return mergeWhere([...groups, ...glue], (a, b) => a.some((i) => b.includes(i)));
}

/** Joins lists while any two satisfy `linked`, then sorts each list and the lists by their first index. */
function mergeWhere(lists: number[][], linked: (a: number[], b: number[]) => boolean): number[][] {
  const out = lists.map((l) => [...l]);
  for (let changed = true; changed; ) {
    changed = false;
    outer: for (let x = 0; x < out.length; x++) {
      for (let y = x + 1; y < out.length; y++) {
        if (linked(out[x]!, out[y]!)) {
          out[x] = [...out[x]!, ...out[y]!];
          out.splice(y, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  return out.map((l) => [...new Set(l)].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
}
