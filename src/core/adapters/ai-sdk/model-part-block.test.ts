/**
 * Each AI SDK part and tool output as the block the core plans on: the table of what the providers send, one row per
 * part type and output type, so a new SDK shape that maps wrongly fails by name.
 */
import { describe, expect, it } from 'vitest';
import { imageSource } from '../../shapes/image-source';
import { modelPartBlock } from './model-part-block';
import { toolOutputContent } from './tool-output-content';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 0, 0, 0, 1, 0]);

describe('modelPartBlock', () => {
  it.each([
    ['a string', 'hi', false, { type: 'text', text: 'hi' }],
    ['null', null, false, { type: 'text', text: '' }],
    ['text without a string', { type: 'text', text: 5 }, false, { type: 'text', text: '' }],
    ['reasoning', { type: 'reasoning', text: 'why' }, true, { type: 'thinking', thinking: 'why' }],
    ['reasoning without text', { type: 'reasoning' }, true, { type: 'thinking', thinking: '' }],
    ['redacted reasoning', { type: 'redacted-reasoning', data: 'x' }, true, { type: 'redacted_thinking', data: 'x' }],
    ['redacted reasoning without data', { type: 'redacted-reasoning' }, true, { type: 'redacted_thinking', data: '' }],
    ['a call (ai 5+ input)', { type: 'tool-call', toolCallId: 'c', toolName: 'run', input: { a: 1 } }, true, { type: 'tool_use', id: 'c', name: 'run', input: { a: 1 } }],
    ['a call (ai 4 args)', { type: 'tool-call', toolCallId: 'c', toolName: 'run', args: { a: 1 } }, true, { type: 'tool_use', id: 'c', name: 'run', input: { a: 1 } }],
    ['a provider-executed call', { type: 'tool-call', toolCallId: 'c', providerExecuted: true, input: {} }, true, { type: 'server_tool_use', id: 'c', name: '', input: {} }],
    ['a result', { type: 'tool-result', toolCallId: 'c', output: { type: 'text', value: 'ok' } }, false, { type: 'tool_result', tool_use_id: 'c', content: 'ok' }],
    ['an error result', { type: 'tool-result', toolCallId: 'c', output: { type: 'error-text', value: 'no' } }, false, { type: 'tool_result', tool_use_id: 'c', content: 'no', is_error: true }],
    ['an ai 4 result', { type: 'tool-result', toolCallId: 'c', result: 'ok' }, false, { type: 'tool_result', tool_use_id: 'c', content: 'ok' }],
    ['a provider-executed result', { type: 'tool-result', toolCallId: 'c', output: { type: 'json', value: { n: 1 } } }, true, { type: 'provider_tool_result', tool_use_id: 'c', content: '{"n":1}' }],
    ['an approval request', { type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c' }, true, { type: 'tool_use', id: '\u0000prunescope-link:a', name: '', input: '' }],
    ['an approval response', { type: 'tool-approval-response', approvalId: 'a', approved: true }, false, { type: 'tool_result', tool_use_id: '\u0000prunescope-link:a', content: '' }],
    ['an image by URL', { type: 'image', image: 'https://x/a.png' }, false, { type: 'image', source: { type: 'url', url: 'https://x/a.png' } }],
    ['an image file (ai 7 tagged data)', { type: 'file', mediaType: 'image/png', data: { type: 'url', url: 'https://x/b.png' } }, false, { type: 'image', source: { type: 'url', url: 'https://x/b.png' } }],
    ['an image of a provider file reference', { type: 'image', image: { id: 'file-1' } }, false, { type: 'image', source: { type: 'url', url: '' } }],
    ['a PDF file', { type: 'file', mediaType: 'application/pdf', filename: 'a.pdf', data: 'JVBER' }, false, { type: 'document', title: 'a.pdf' }],
    ['a file without a name (ai 4 mimeType)', { type: 'file', mimeType: 'text/csv', data: 'a,b' }, false, { type: 'document', title: 'text/csv' }],
    ['a custom part', { type: 'custom', kind: 'x' }, true, { type: 'custom', kind: 'x' }],
  ] as const)('%s', (_, part, inAssistant, block) => {
    const got = modelPartBlock(part, inAssistant);
    // The link prefix is the core's own; compare its shape, not its spelling.
    expect(JSON.parse(JSON.stringify(got).replace(/"[^"]*prunescope-link:/g, '"\\u0000prunescope-link:'))).toEqual(block);
  });

  it('a part of no AI SDK version is undefined, so the caller can name its API', () => {
    expect(modelPartBlock({ type: 'tool_use', id: 'x' }, true)).toBeUndefined();
  });

  it('image bytes are sized from their header', () => {
    const block = modelPartBlock({ type: 'image', image: PNG, mediaType: 'image/png' }, false);
    expect(block).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
    const file = modelPartBlock({ type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } }, false);
    expect(file).toEqual(block);
  });
});

describe('toolOutputContent', () => {
  it.each([
    ['a bare string', 'ok', { content: 'ok', isError: false }],
    ['a bare number', 5, { content: '5', isError: false }],
    ['text', { type: 'text', value: 'ok' }, { content: 'ok', isError: false }],
    ['error text', { type: 'error-text', value: 'no' }, { content: 'no', isError: true }],
    ['json', { type: 'json', value: { a: [1] } }, { content: '{"a":[1]}', isError: false }],
    ['error json', { type: 'error-json', value: { e: 1 } }, { content: '{"e":1}', isError: true }],
    ['a denial with its reason', { type: 'execution-denied', reason: 'not now' }, { content: 'not now', isError: true }],
    ['a denial', { type: 'execution-denied' }, { content: 'Tool execution denied.', isError: true }],
    ['content that is not a list', { type: 'content', value: 'x' }, { content: '', isError: false }],
    ['an unknown output', { type: 'later', value: 1 }, { content: '{"type":"later","value":1}', isError: false }],
    ['an output that cannot be written as JSON', { type: 'json', value: 10n }, { content: '', isError: false }],
  ] as const)('%s', (_, output, expected) => {
    expect(toolOutputContent(output)).toEqual(expected);
  });

  it('content parts: text, images by data and URL, files, references and custom parts', () => {
    const { content } = toolOutputContent({
      type: 'content',
      value: [
        'loose',
        null,
        { type: 'text', text: 'seen' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'image-url', url: 'https://x/c.png' },
        { type: 'media', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file-data', data: 'JVBER', mediaType: 'application/pdf', filename: 'r.pdf' },
        { type: 'file-url', url: 'https://x/r.pdf', mediaType: 'application/pdf' },
        { type: 'file', mediaType: 'image/jpeg', data: { type: 'data', data: 'abc' } },
        { type: 'file-id', fileId: 'f1' },
        { kind: 'untyped' },
      ],
    });
    expect(content).toEqual([
      { type: 'text', text: 'loose' },
      { type: 'text', text: 'null' },
      { type: 'text', text: 'seen' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://x/c.png' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'document', title: 'r.pdf' },
      { type: 'document', title: 'application/pdf' },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'abc' } },
      { type: 'file-id', fileId: 'f1' },
      { kind: 'untyped', type: 'unknown' },
    ]);
  });
});

describe('imageSource', () => {
  it.each([
    ['a data URL', 'data:image/gif;base64,R0lG', 'image/png', { type: 'base64', media_type: 'image/gif', data: 'R0lG' }],
    ['a data URL without a type', 'data:,R0lG', 'image/webp', { type: 'base64', media_type: 'image/webp', data: 'R0lG' }],
    ['an http URL', 'http://x/a.png', undefined, { type: 'url', url: 'http://x/a.png' }],
    ['bare base64, no media type', 'iVBOR', 'png', { type: 'base64', media_type: 'image/png', data: 'iVBOR' }],
    ['a URL object', { href: 'https://x/u.png' }, undefined, { type: 'url', url: 'https://x/u.png' }],
    ['a URL object holding a data URL', { href: 'data:image/png;base64,AAAA' }, undefined, { type: 'base64', media_type: 'image/png', data: 'AAAA' }],
    ['a file reference', { id: 'file-1' }, undefined, undefined],
  ] as const)('%s', (_, data, mediaType, expected) => {
    expect(imageSource(data, mediaType)).toEqual(expected);
  });

  it('bytes are base64 encoded, padded, from a Uint8Array or an ArrayBuffer', () => {
    const bytes = Uint8Array.from([1, 2, 3, 4]);
    expect(imageSource(bytes)).toEqual({ type: 'base64', media_type: 'image/png', data: Buffer.from(bytes).toString('base64') });
    expect(imageSource(Uint8Array.from([1, 2, 3, 4, 5]).buffer, 'image/jpeg')).toEqual({ type: 'base64', media_type: 'image/jpeg', data: Buffer.from([1, 2, 3, 4, 5]).toString('base64') });
  });
});
