import fc from 'fast-check';
import type { ContentBlock, Message } from '../../src/core/types';
import { TINY_IMAGES } from './tiny-images';

/**
 * Messages holding every block type the token counter knows, and some it does not: text, thinking, redacted
 * thinking, tool calls with object and string inputs, results as strings or nested blocks (images inside), server
 * tool calls with encrypted search results, images (real headers, URLs, damaged data), documents and unknown blocks.
 */
const text = fc.string({ maxLength: 60 });
const base64 = fc.uint8Array({ maxLength: 90 }).map((bytes) => Buffer.from(bytes).toString('base64'));
const image = fc.oneof(
  fc.constantFrom(...TINY_IMAGES).map((img): ContentBlock => ({
    type: 'image',
    source: { type: 'base64', media_type: img.mediaType, data: img.base64 },
  })),
  fc.webUrl().map((url): ContentBlock => ({ type: 'image', source: { type: 'url', url } })),
  base64.map((data): ContentBlock => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } })),
);
const json = fc.jsonValue({ maxDepth: 3 });

const block: fc.Arbitrary<ContentBlock> = fc.oneof(
  text.map((t): ContentBlock => ({ type: 'text', text: t })),
  text.map((t): ContentBlock => ({ type: 'text', text: t, citations: [{ type: 'web_search_result_location', cited_text: t }] })),
  text.map((t): ContentBlock => ({ type: 'thinking', thinking: t, signature: 'c2ln' })),
  base64.map((data): ContentBlock => ({ type: 'redacted_thinking', data })),
  fc.tuple(text, json).map(([name, input]): ContentBlock => ({ type: 'tool_use', id: 't1', name, input })),
  fc.tuple(text, text).map(([name, input]): ContentBlock => ({ type: 'tool_use', id: 't2', name, input })),
  fc.tuple(text, json).map(([name, input]): ContentBlock => ({ type: 'server_tool_use', id: 's1', name, input })),
  fc.tuple(text, json).map(([name, input]): ContentBlock => ({ type: 'mcp_tool_use', id: 'm1', name, server_name: 'srv', input })),
  text.map((content): ContentBlock => ({ type: 'tool_result', tool_use_id: 't1', content })),
  fc
    .array(fc.oneof(text.map((t): ContentBlock => ({ type: 'text', text: t })), image), { maxLength: 3 })
    .map((content): ContentBlock => ({ type: 'tool_result', tool_use_id: 't1', content, is_error: true })),
  fc
    .array(fc.record({ url: fc.webUrl(), title: text, encrypted_content: base64, page_age: fc.constant('1 day') }), { maxLength: 3 })
    .map((results): ContentBlock => ({
      type: 'web_search_tool_result',
      tool_use_id: 's1',
      content: results.map((r) => ({ type: 'web_search_result', ...r })),
    })),
  image,
  text.map((data): ContentBlock => ({ type: 'document', source: { type: 'text', media_type: 'text/plain', data } })),
  json.map((value): ContentBlock => ({ type: 'container_upload', file_id: 'f', value, cache_control: { type: 'ephemeral' } })),
);

export const messagesWithEveryBlock = (maxLength = 12): fc.Arbitrary<Message[]> =>
  fc.array(
    fc.oneof(
      fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: text }),
      fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: fc.array(block, { maxLength: 5 }) }),
    ),
    { maxLength },
  );
