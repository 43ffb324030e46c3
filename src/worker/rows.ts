/** Builds the per-message arrays the timeline renders from, once per loaded conversation. */
import type { Message, MessageAnnotation, TranscriptAnalysis } from '../core';
import { ROW_FLAG, type RowData } from './protocol';
import { rowFacts } from './preview';

export function buildRows(
  messages: readonly Message[],
  analysis: TranscriptAnalysis,
  annotations?: readonly (MessageAnnotation | undefined)[],
): RowData {
  const count = messages.length;
  const role = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const callCount = new Uint16Array(count);
  const resultCount = new Uint16Array(count);
  const previewOffsets = new Uint32Array(count + 1);
  const previews: string[] = new Array<string>(count);
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const message = messages[i] as Message;
    role[i] = message.role === 'assistant' ? 1 : 0;
    const facts = rowFacts(message, annotations?.[i]?.synthesizedResults);
    let f = facts.flags;
    const note = annotations?.[i];
    if (note?.compactSummary) f |= ROW_FLAG.compactSummary;
    flags[i] = f;
    callCount[i] = Math.min(facts.callCount, 65535);
    resultCount[i] = Math.min(facts.resultCount, 65535);
    previews[i] = facts.preview;
    previewOffsets[i] = offset;
    offset += facts.preview.length;
  }
  previewOffsets[count] = offset;

  for (const orphan of analysis.links.orphans) {
    flags[orphan.messageIndex] = (flags[orphan.messageIndex] as number) | ROW_FLAG.orphan;
  }

  // Partners and tool names per row, deduplicated; most rows have none, so lists stay sparse.
  const partnerLists = new Map<number, Set<number>>();
  const nameLists = new Map<number, Set<number>>();
  const callsTo = new Map<number, Set<number>>();
  const nameIds = new Map<string, number>();
  const toolNames: string[] = [];
  const nameId = (name: string): number => {
    let id = nameIds.get(name);
    if (id === undefined) {
      id = toolNames.length;
      toolNames.push(name);
      nameIds.set(name, id);
    }
    return id;
  };
  const add = (lists: Map<number, Set<number>>, row: number, value: number): void => {
    let set = lists.get(row);
    if (!set) lists.set(row, (set = new Set()));
    set.add(value);
  };
  for (let i = 0; i < count; i++) {
    if (!((flags[i] as number) & ROW_FLAG.toolUse)) continue;
    const content = (messages[i] as Message).content;
    if (!Array.isArray(content)) continue;
    for (const block of content as unknown[]) {
      const b = block as { type?: unknown; name?: unknown } | null;
      if (b && (b.type === 'tool_use' || b.type === 'server_tool_use' || b.type === 'mcp_tool_use') && typeof b.name === 'string') {
        const id = nameId(b.name);
        add(nameLists, i, id);
        add(callsTo, i, id);
      }
    }
  }
  for (const pair of analysis.links.pairs) {
    if (pair.useIndex !== pair.resultIndex) {
      add(partnerLists, pair.useIndex, pair.resultIndex);
      add(partnerLists, pair.resultIndex, pair.useIndex);
    }
    const content = (messages[pair.useIndex] as Message).content;
    const use = Array.isArray(content) ? (content[pair.useBlock] as { name?: unknown } | undefined) : undefined;
    if (use && typeof use.name === 'string') add(nameLists, pair.resultIndex, nameId(use.name));
  }

  const toCsr = (lists: Map<number, Set<number>>): [Int32Array, Int32Array] => {
    const offsets = new Int32Array(count + 1);
    let total = 0;
    for (let i = 0; i < count; i++) {
      offsets[i] = total;
      total += lists.get(i)?.size ?? 0;
    }
    offsets[count] = total;
    const values = new Int32Array(total);
    for (const [row, set] of lists) {
      let k = offsets[row] as number;
      for (const v of [...set].sort((a, b) => a - b)) values[k++] = v;
    }
    return [offsets, values];
  };
  const [partnerOffsets, partners] = toCsr(partnerLists);
  const [toolNameOffsets, toolNameIds] = toCsr(nameLists);
  // Per tool: the messages that call it (a call row counts once however many calls it holds; result rows do not count).
  const toolNameCounts = new Int32Array(toolNames.length);
  for (const set of callsTo.values()) for (const id of set) toolNameCounts[id] = (toolNameCounts[id] as number) + 1;

  return {
    count,
    role,
    flags,
    chars: Float64Array.from(analysis.textLength),
    tokens: Float64Array.from(analysis.tokens),
    score: Float64Array.from(analysis.score),
    hasToolBlock: Uint8Array.from(analysis.hasToolBlock),
    groupOf: Int32Array.from(analysis.groupOf),
    previewText: previews.join(''),
    previewOffsets,
    partnerOffsets,
    partners,
    toolNames,
    toolNameOffsets,
    toolNameIds,
    toolNameCounts,
    callCount,
    resultCount,
  };
}
