/** What the handler answers about a loaded transcript without planning: reading a source, search, one message's detail. */
import { TranscriptParseError, type Message } from '../core';
import type { Doc } from './doc';
import { explanations, usageOf } from './explain';
import { detailBlocks } from './detail-blocks';
import { safeJson, searchableText } from './preview';
import type { LoadErrorInfo, LoadSource, MessageDetail } from './protocol';

/** The text of a source; `reading` hears its size when known before reading. */
export async function readSource(source: LoadSource, reading: (bytes?: number) => void): Promise<{ text: string; fileName: string }> {
  if (source.kind === 'text') return { text: source.text, fileName: source.fileName ?? 'pasted transcript' };
  if (source.kind === 'file') {
    reading(source.file.size);
    return { text: await source.file.text(), fileName: source.fileName };
  }
  reading();
  const response = await fetch(source.url);
  if (!response.ok) throw new Error(`Could not fetch ${source.fileName}: HTTP ${response.status}`);
  return { text: await response.text(), fileName: source.fileName };
}

/** Indexes of the messages whose text holds `query`, ignoring case; nothing for a blank query. */
export function searchDoc(d: Doc, query: string): Int32Array {
  const wanted = query.trim().toLowerCase();
  const hits: number[] = [];
  if (wanted) {
    d.searchText ??= d.messages.map(searchableText);
    const texts = d.searchText;
    for (let i = 0; i < texts.length; i++) if ((texts[i] as string).includes(wanted)) hits.push(i);
  }
  return Int32Array.from(hits);
}

/** Everything the detail pane shows for message `index`, or undefined when there is no such message. */
export function messageDetail(d: Doc, index: number): MessageDetail | undefined {
  const message: Message | undefined = d.messages[index];
  if (!message) return undefined;
  const note = d.conversation.annotations?.[index];
  return {
    index,
    role: message.role,
    blocks: detailBlocks(message, note?.synthesizedResults),
    chars: d.analysis.scan.textLength[index] as number,
    tokens: d.analysis.tokens[index] as number,
    messageJson: safeJson(message, 2),
    sourceJson: safeJson(d.conversation.sources[index] ?? [], 2),
    sourceLines: d.conversation.sourceLines?.[index] ?? [],
    compactSummary: note?.compactSummary === true,
    meta: note?.meta === true,
    explain: explanations(d, index),
    ...usageOf(d, index),
  };
}

/** A load failure as the error screen shows it: what, and where (line, column) when the parser knows. */
export function errorInfo(error: unknown, fileName: string): LoadErrorInfo {
  if (error instanceof TranscriptParseError) {
    return {
      message: error.message,
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(error.column !== undefined ? { column: error.column } : {}),
      formatsTried: error.formatsTried.map((f) => ({ format: f.format, reason: f.reason })),
      fileName,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), formatsTried: [], fileName };
}
