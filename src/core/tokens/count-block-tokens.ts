import { imageTokens } from './image-tokens';
import { readImageSize } from './read-image-size';
import type { ImageTokenLimits, MessageFraming, TokenCounter } from './types';

// Tool results nest blocks one level in practice; the cap only guards against hostile input.
const MAX_DEPTH = 32;

/** Fields the API does not bill as text: cache markers, signatures, citations (the docs: cited text is not input). */
const UNBILLED = new Set(['cache_control', 'citations', 'signature']);
/** Ciphertext standing in for text the model reads (search results, redacted thinking); see `ciphertextTokens`. */
const ENCRYPTED = new Set(['encrypted_content', 'encrypted_index']);

export interface BlockCountContext {
  counter: TokenCounter;
  framing: MessageFraming;
  imageLimits: ImageTokenLimits;
}

/**
 * Tokens one content block costs in a request: its text by the counter, plus the framing for its type.
 *
 * - `text`, `thinking`: the text (citations and signatures are not billed as text).
 * - `redacted_thinking`: ciphertext; the model reads the thinking it hides, whose length only the ciphertext tells.
 *   Counted as its decoded bytes ÷ 4, the `chars` rule applied to the hidden text's likely size.
 * - `tool_use`, `server_tool_use`, `mcp_tool_use`: the tool name and the input as JSON (a string input as it is).
 * - `tool_result`: its string, or its blocks counted by these rules.
 * - `*_tool_result` (server tools): the content as JSON, its `encrypted_content` fields as ciphertext (see above).
 * - `image`: Anthropic's pixel rule on the size read from the base64 header; an image whose size cannot be read
 *   (a URL, a file id, damaged data) is counted at the cap, `imageLimits.maxTokens`, so a budget errs on the safe side.
 * - `document`: its title, context and text (plain-text and content sources). A PDF's pages are not counted: they cost
 *   their text plus an image each, which only a PDF reader could tell.
 * - anything else: the block as JSON, less its `type`.
 */
export function countBlockTokens(block: unknown, context: BlockCountContext, depth = 0): number {
  if (block === null || typeof block !== 'object') return 0;
  const { counter, framing } = context;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return framing.text + (typeof b.text === 'string' ? counter.count(b.text) : 0);
    case 'thinking':
      return framing.thinking + (typeof b.thinking === 'string' ? counter.count(b.thinking) : 0);
    case 'redacted_thinking':
      return framing.redactedThinking + ciphertextTokens(b.data);
    case 'tool_use':
      return framing.toolUse + toolCallTokens(b, counter);
    case 'server_tool_use':
    case 'mcp_tool_use':
      return framing.serverToolUse + toolCallTokens(b, counter);
    case 'tool_result':
      return framing.toolResult + nestedTokens(b.content, context, depth);
    case 'image':
      return framing.image + imageBlockTokens(b.source, context.imageLimits);
    case 'document':
      return framing.other + documentTokens(b, context, depth);
    default:
      if (typeof b.type === 'string' && b.type.endsWith('_tool_result')) {
        return framing.serverToolResult + structuredTokens(b.content, counter);
      }
      return framing.other + structuredTokens(withoutType(b), counter);
  }
}

function toolCallTokens(b: Record<string, unknown>, counter: TokenCounter): number {
  const name = typeof b.name === 'string' ? counter.count(b.name) : 0;
  // Free-text tools (Codex `custom_tool_call`) take a plain string: counting its JSON would bill the quotes and escapes.
  if (typeof b.input === 'string') return name + counter.count(b.input);
  let json: string | undefined;
  try {
    json = JSON.stringify(b.input);
  } catch {
    // A cycle or a BigInt: such input could never have been sent.
    return name;
  }
  return name + (json === undefined ? 0 : counter.count(json));
}

function nestedTokens(content: unknown, context: BlockCountContext, depth: number): number {
  if (typeof content === 'string') return context.counter.count(content);
  if (!Array.isArray(content) || depth >= MAX_DEPTH) return 0;
  let total = 0;
  for (const inner of content) total += countBlockTokens(inner, context, depth + 1);
  return total;
}

/**
 * Server tool output or an unknown block as JSON, counted as one text (so the punctuation is billed as the tokenizer
 * would merge it), with encrypted fields taken out and estimated as ciphertext, and unbilled metadata left out.
 * Unserializable values (a cycle, a BigInt) count 0: they could never have been sent.
 */
function structuredTokens(value: unknown, counter: TokenCounter): number {
  if (value === undefined) return 0;
  let ciphertext = 0;
  let json: string | undefined;
  try {
    json = JSON.stringify(value, (key, inner: unknown) => {
      if (ENCRYPTED.has(key)) {
        ciphertext += ciphertextTokens(inner);
        return undefined;
      }
      return UNBILLED.has(key) ? undefined : inner;
    });
  } catch {
    return 0;
  }
  return ciphertext + (json === undefined ? 0 : counter.count(json));
}

function documentTokens(b: Record<string, unknown>, context: BlockCountContext, depth: number): number {
  const { counter } = context;
  let total = (typeof b.title === 'string' ? counter.count(b.title) : 0) + (typeof b.context === 'string' ? counter.count(b.context) : 0);
  const source = b.source;
  if (source !== null && typeof source === 'object') {
    const s = source as Record<string, unknown>;
    if (s.type === 'text' && typeof s.data === 'string') total += counter.count(s.data);
    else if (s.type === 'content') total += nestedTokens(s.content, context, depth);
  }
  return total;
}

function withoutType(b: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(b)) if (key !== 'type') rest[key] = b[key];
  return rest;
}

/** Decoded bytes ÷ 4, rounded up: base64 carries 3 bytes in 4 characters. */
function ciphertextTokens(data: unknown): number {
  if (typeof data !== 'string' || data.length === 0) return 0;
  return Math.ceil(Math.floor((data.length * 3) / 4) / 4);
}

function imageBlockTokens(source: unknown, limits: ImageTokenLimits): number {
  if (source !== null && typeof source === 'object') {
    const s = source as Record<string, unknown>;
    if (s.type === 'base64' && typeof s.data === 'string') {
      const size = readImageSize(s.data);
      if (size !== undefined) return imageTokens(size.width, size.height, limits);
    }
  }
  return limits.maxTokens;
}
