import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import { imageSource } from '../ai-sdk/image-source';
import { isRecord } from '../is-record';
import { toolPartOf } from './tool-part-of';

/** One canonical message a `UIMessage` becomes, with the indices of the parts behind its blocks. */
export interface UiPiece {
  kind: 'system' | 'user' | 'assistant' | 'results';
  message: Message;
  /** For assistant messages: the step (the run of parts between two `step-start` parts) it comes from. */
  step: number;
}

/** What `uiMessageToPieces` makes of a `UIMessage`. */
export interface UiPieces {
  pieces: UiPiece[];
  /** For an assistant message, the indices of its parts step by step (each step's `step-start` first). */
  steps: number[][];
  /** The parts the model is not sent, by kind (`data-*`, `source-url`, a tool call still streaming its input). */
  skipped: string[];
}

/**
 * A `UIMessage` (AI SDK 5 to 7, and AI SDK 4's `tool-invocation` parts) as the canonical messages the model is sent,
 * mirroring `convertToModelMessages`: a user or system message is one message; an assistant message is split at each
 * `step-start` into one assistant message per step (text, reasoning, files, a `tool_use` per tool part whose input
 * is complete) and one user message of that step's results (`output-available` → the output, a string as is and
 * anything else as JSON; `output-error` → its `errorText`; `output-denied` and a denied approval → the denial), both
 * flagged as errors. A call awaiting approval or execution has no result. Provider-executed tools are a server tool use
 * and its result inside the assistant message. `data-*` and `source-*` parts are not sent (an app's
 * `convertDataPart` may turn data parts into text; that cannot be replayed offline).
 *
 * The tool's `toModelOutput`, if the app defined one, is not known here: outputs are counted as the SDK sends them
 * without it.
 */
export function uiMessageToPieces(record: Record<string, unknown>): UiPieces {
  const parts = Array.isArray(record.parts) ? (record.parts as unknown[]) : [];
  const skipped: string[] = [];
  if (record.role === 'system') {
    const text = parts.map((p) => (isRecord(p) && p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('');
    return { pieces: [{ kind: 'system', message: { role: 'user', content: text }, step: 0 }], steps: [], skipped };
  }
  if (record.role !== 'assistant') {
    const content: ContentBlock[] = [];
    parts.forEach((part) => {
      const block = commonBlock(part, skipped);
      if (block !== undefined) content.push(block);
    });
    return { pieces: content.length > 0 ? [{ kind: 'user', message: { role: 'user', content }, step: 0 }] : [], steps: [], skipped };
  }
  const steps: number[][] = [[]];
  parts.forEach((part, index) => {
    if (isRecord(part) && part.type === 'step-start' && (steps[steps.length - 1]?.length ?? 0) > 0) steps.push([]);
    steps[steps.length - 1]?.push(index);
  });
  const pieces: UiPiece[] = [];
  steps.forEach((indices, step) => {
    const content: ContentBlock[] = [];
    const results: ToolResultBlock[] = [];
    for (const index of indices) {
      const part = parts[index];
      if (isRecord(part) && part.type === 'step-start') continue;
      const tool = isRecord(part) ? toolPartOf(part) : undefined;
      if (tool === undefined) {
        const block = commonBlock(part, skipped);
        if (block !== undefined) content.push(block);
        continue;
      }
      if (tool.state === 'input-streaming') {
        skipped.push('tool call with incomplete input');
        continue;
      }
      content.push({ type: tool.providerExecuted ? 'server_tool_use' : 'tool_use', id: tool.toolCallId, name: tool.name, input: tool.input });
      if (tool.providerExecuted) {
        if (tool.state === 'output-available' || tool.state === 'output-error') {
          content.push({ type: `${tool.name}_tool_result`, tool_use_id: tool.toolCallId, content: tool.state === 'output-error' ? tool.errorText : tool.output });
        }
        continue;
      }
      const result = resultOf(tool.toolCallId, tool.state, tool.output, tool.errorText, tool.approval);
      if (result !== undefined) results.push(result);
    }
    if (content.length > 0) pieces.push({ kind: 'assistant', message: { role: 'assistant', content }, step });
    if (results.length > 0) pieces.push({ kind: 'results', message: { role: 'user', content: results }, step });
  });
  return { pieces, steps, skipped };
}

function resultOf(id: string, state: string, output: unknown, errorText: unknown, approval: Record<string, unknown> | undefined): ToolResultBlock | undefined {
  const reason = typeof approval?.reason === 'string' ? approval.reason : undefined;
  switch (state) {
    case 'output-available':
      return { type: 'tool_result', tool_use_id: id, content: typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null') };
    case 'output-error':
      return { type: 'tool_result', tool_use_id: id, content: typeof errorText === 'string' ? errorText : String(errorText), is_error: true };
    case 'output-denied':
      return { type: 'tool_result', tool_use_id: id, content: reason ?? 'Tool call execution denied.', is_error: true };
    case 'approval-responded':
      // Denied: the next request carries the SDK's execution-denied result. Approved: it runs before then.
      return approval?.approved === false ? { type: 'tool_result', tool_use_id: id, content: reason ?? 'Tool execution denied.', is_error: true } : undefined;
    default:
      return undefined;
  }
}

/** Text, reasoning and files (of user and assistant messages alike); `undefined` for parts the model is not sent. */
function commonBlock(part: unknown, skipped: string[]): ContentBlock | undefined {
  if (!isRecord(part) || typeof part.type !== 'string') {
    skipped.push('part without a type');
    return undefined;
  }
  switch (part.type) {
    case 'text':
      return { type: 'text', text: typeof part.text === 'string' ? part.text : '' };
    case 'reasoning': {
      const anthropic = isRecord(part.providerMetadata) && isRecord(part.providerMetadata.anthropic) ? part.providerMetadata.anthropic : {};
      const text = typeof part.text === 'string' ? part.text : '';
      if (text === '' && typeof anthropic.redactedData === 'string') return { type: 'redacted_thinking', data: anthropic.redactedData };
      return typeof anthropic.signature === 'string' ? { type: 'thinking', thinking: text, signature: anthropic.signature } : { type: 'thinking', thinking: text };
    }
    case 'file': {
      const mediaType = typeof part.mediaType === 'string' ? part.mediaType : '';
      const source = mediaType.startsWith('image') ? imageSource(part.url, mediaType) : undefined;
      return source !== undefined ? { type: 'image', source } : { ...part, type: 'file' };
    }
    case 'step-start':
      return undefined;
  }
  if (part.type.startsWith('data-') || part.type.startsWith('source-')) {
    skipped.push(part.type.startsWith('data-') ? 'data-* part' : `${part.type} part`);
    return undefined;
  }
  return { ...part, type: part.type };
}
