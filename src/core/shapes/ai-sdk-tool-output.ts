import type { ContentBlock } from '../types';
import { stringOrJson } from '../text/string-or-json';

/** What a tool result says to the model: its content, and whether it reports an error. */
export interface ToolOutputContent {
  content: string | ContentBlock[];
  isError: boolean;
}

/**
 * An AI SDK (v5+) tool `output` as the providers send it (Anthropic's conversion, `convert-to-anthropic-messages-prompt.ts`):
 * `text` and `error-text` as their string, `json` and `error-json` stringified, `execution-denied` as its reason (or
 * the SDK's "Tool execution denied."), `content` as the blocks `contentParts` makes of its parts; the error kinds and
 * a denial flagged, an unknown kind stringified whole. The one reader of the output kinds, for the `ai-sdk` file
 * format and the AI SDK adapter, which differ only in how they read a `content` part (a file's JSON, or live objects).
 */
export function aiSdkToolOutput(output: object, contentParts: (parts: readonly unknown[]) => ContentBlock[]): ToolOutputContent {
  const o = output as { type?: unknown; value?: unknown; reason?: unknown };
  switch (o.type) {
    case 'text':
      return { content: stringOrJson(o.value), isError: false };
    case 'error-text':
      return { content: stringOrJson(o.value), isError: true };
    case 'json':
      return { content: stringify(o.value ?? null), isError: false };
    case 'error-json':
      return { content: stringify(o.value ?? null), isError: true };
    case 'execution-denied':
      return { content: typeof o.reason === 'string' ? o.reason : 'Tool execution denied.', isError: true };
    case 'content':
      return { content: Array.isArray(o.value) ? contentParts(o.value) : '', isError: false };
    default:
      return { content: stringify(output), isError: false };
  }
}

/** JSON, or `''` for what has none (a `bigint`, a cycle): a live tool output can hold anything. */
function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
