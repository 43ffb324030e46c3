import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import { isRecord } from '../is-record';
import { blockToGeminiPart } from './block-to-gemini-part';
import { geminiRecordToMessages } from './gemini-record-to-messages';

type Rec = Record<string, unknown>;

/**
 * A `gemini` record holding `assistant` and the `results` that answer its calls, built on `template` (the record it
 * came from) so that unknown keys, their order, `tokens`, `model` and the parts of what did not change survive: a
 * call whose result is unchanged keeps its `result` parts; a changed one (masked, or an error the repair wrote) gets
 * `[{ functionResponse: { id, name, response: { output } | { error } } }]` plus its images. A call no result answers
 * is written with `result: null`, as gemini-cli writes a call that never got a response.
 */
export function rebuildGeminiRecord(template: Rec | undefined, assistant: Message, results: readonly ToolResultBlock[], base: Rec): Rec {
  const blocks: ContentBlock[] = typeof assistant.content === 'string' ? [{ type: 'text', text: assistant.content }] : assistant.content;
  const thinking = blocks.filter((b) => b.type === 'thinking').map((b) => String(b.thinking ?? ''));
  const others = blocks.filter((b) => b.type !== 'thinking' && b.type !== 'tool_use');
  const uses = blocks.filter((b) => b.type === 'tool_use');
  const original = template === undefined ? undefined : geminiRecordToMessages({ ...template, toolCalls: undefined }, '', { made: 0, open: new Map() }).message;
  const originalThinking = original === undefined || typeof original.content === 'string' ? [] : original.content.filter((b) => b.type === 'thinking').map((b) => String(b.thinking ?? ''));

  const timestamp = template?.timestamp ?? base.timestamp;
  const record: Rec = template === undefined ? { id: base.id, timestamp, type: 'gemini', content: '' } : { ...template };
  const texts = others.filter((b) => b.type === 'text').map((b) => String(b.text ?? ''));
  if (others.length > texts.length) record.content = others.map(blockToGeminiPart);
  else if (template !== undefined && texts.join('\n\n') === textOf(template.content)) record.content = template.content;
  else record.content = texts.join('\n\n');
  if (JSON.stringify(thinking) !== JSON.stringify(originalThinking)) {
    record.thoughts = thinking.map((description) => ({ subject: '', description, timestamp }));
  }

  const calls: unknown[] = Array.isArray(template?.toolCalls) ? template.toolCalls : [];
  const used = new Set<unknown>();
  const answered = new Set<ToolResultBlock>();
  const toolCalls = uses.map((use) => {
    const id = String(use.id ?? '');
    const name = String(use.name ?? '');
    const from = calls.find((c) => isRecord(c) && c.id === id && !used.has(c)) as Rec | undefined;
    if (from !== undefined) used.add(from);
    const result = results.find((r) => r.tool_use_id === id && !answered.has(r));
    if (result !== undefined) answered.add(result);
    const call: Rec = from === undefined ? { id, name, args: use.input, result: null, status: 'cancelled', timestamp } : { ...from, name, args: use.input };
    if (result === undefined) {
      call.result = null;
      return call;
    }
    const kept = from === undefined ? undefined : geminiRecordToMessages({ type: 'gemini', toolCalls: [from] }, '', { made: 0, open: new Map() }).results;
    const same = kept !== undefined && typeof kept.content !== 'string' && JSON.stringify(kept.content[0]) === JSON.stringify(result);
    if (!same) call.result = resultParts(id, name, result);
    call.status = result.is_error === true ? (from !== undefined && from.status !== 'success' ? from.status : 'error') : 'success';
    return call;
  });
  if (toolCalls.length > 0 || Array.isArray(template?.toolCalls)) record.toolCalls = toolCalls;
  return record;
}

function textOf(content: unknown): string | undefined {
  return typeof content === 'string' ? content : undefined;
}

function resultParts(id: string, name: string, result: ToolResultBlock): unknown[] {
  const { content } = result;
  const blocks: ContentBlock[] = typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);
  const text = blocks.filter((b) => b.type === 'text').map((b) => String(b.text ?? '')).join('\n\n');
  const response = result.is_error === true ? { error: text } : { output: text };
  return [{ functionResponse: { id, name, response } }, ...blocks.filter((b) => b.type !== 'text').map(blockToGeminiPart)];
}
