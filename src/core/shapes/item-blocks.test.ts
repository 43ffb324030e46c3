/** Each Responses input item as the blocks the core plans on, one row per item type the API has. */
import { describe, expect, it } from 'vitest';
import { itemBlocks } from './item-blocks';

const link = (blocks: unknown) => JSON.parse(JSON.stringify(blocks).replace(/"[^"]*prunescope-link:/g, '"LINK:')) as unknown;

describe('itemBlocks', () => {
  it.each([
    ['not an object', 5, []],
    ['a message of text', { role: 'user', content: 'hi' }, [{ type: 'text', text: 'hi' }]],
    ['a message without content', { type: 'message', role: 'user' }, []],
    [
      'a message of parts',
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'a' }, { type: 'output_text' }, { type: 'refusal', refusal: 'no' }, { type: 'refusal' }, { type: 'input_image', image_url: 'https://x/i.png' }, { type: 'input_image', file_id: 'f' }, { type: 'input_file', filename: 'r.pdf' }, { type: 'input_file' }, { type: 'input_audio', data: 'x' }, null] },
      [{ type: 'text', text: 'a' }, { type: 'text', text: '' }, { type: 'text', text: 'no' }, { type: 'text', text: '' }, { type: 'image', source: { type: 'url', url: 'https://x/i.png' } }, { type: 'image', source: { type: 'url', url: '' } }, { type: 'document', title: 'r.pdf' }, { type: 'document', title: 'file' }, { type: 'input_audio', data: 'x' }, { type: 'unknown' }],
    ],
    ['reasoning with a summary', { type: 'reasoning', summary: [{ type: 'summary_text', text: 'a' }, { text: 5 }], content: [{ text: 'b' }] }, [{ type: 'thinking', thinking: 'a\nb' }]],
    ['encrypted reasoning', { type: 'reasoning', summary: [], encrypted_content: 'gAAA' }, [{ type: 'redacted_thinking', data: 'gAAA' }]],
    ['empty reasoning', { type: 'reasoning' }, [{ type: 'thinking', thinking: '' }]],
    ['a function call', { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }, [{ type: 'tool_use', id: 'c', name: 'f', input: '{}' }]],
    ['a function call without a name', { type: 'function_call', call_id: 'c' }, [{ type: 'tool_use', id: 'c', name: '', input: '' }]],
    ['a custom tool call', { type: 'custom_tool_call', call_id: 'c', name: 'patch', input: 'diff' }, [{ type: 'tool_use', id: 'c', name: 'patch', input: 'diff' }]],
    ['a custom tool call without input', { type: 'custom_tool_call', call_id: 'c' }, [{ type: 'tool_use', id: 'c', name: '', input: '' }]],
    ['a client tool search', { type: 'tool_search_call', execution: 'client', call_id: 's', arguments: { q: 1 } }, [{ type: 'tool_use', id: 's', name: 'tool_search', input: { q: 1 } }]],
    ['a server tool search', { type: 'tool_search_call', execution: 'server', id: 's' }, [{ type: 'tool_search_call', execution: 'server', id: 's' }]],
    ['an MCP approval request', { type: 'mcp_approval_request', id: 'r', name: 'n', arguments: '{}' }, [{ type: 'tool_use', id: 'LINK:mcp:r', name: 'n', input: '{}' }]],
    ['an MCP approval response with a reason', { type: 'mcp_approval_response', approval_request_id: 'r', approve: false, reason: 'no' }, [{ type: 'tool_result', tool_use_id: 'LINK:mcp:r', content: 'no' }]],
    ['an MCP approval response', { type: 'mcp_approval_response', approval_request_id: 'r', approve: true }, [{ type: 'tool_result', tool_use_id: 'LINK:mcp:r', content: '' }]],
    ['a generated image', { type: 'image_generation_call', id: 'g', result: 'iVBOR' }, [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } }]],
    ['an image generation in progress', { type: 'image_generation_call', id: 'g', result: null }, [{ type: 'image_generation_call', id: 'g', result: null }]],
    ['a function output', { type: 'function_call_output', call_id: 'c', output: 'ok' }, [{ type: 'tool_result', tool_use_id: 'c', content: 'ok' }]],
    ['a custom tool output of parts', { type: 'custom_tool_call_output', call_id: 'c', output: [{ type: 'input_text', text: 'ok' }] }, [{ type: 'tool_result', tool_use_id: 'c', content: [{ type: 'text', text: 'ok' }] }]],
    ['a computer call output', { type: 'computer_call_output', call_id: 'c', output: { type: 'computer_screenshot', image_url: 'https://x/s.png' } }, [{ type: 'tool_result', tool_use_id: 'c', content: [{ type: 'image', source: { type: 'url', url: 'https://x/s.png' } }] }]],
    ['a computer call output without an image', { type: 'computer_call_output', call_id: 'c' }, [{ type: 'tool_result', tool_use_id: 'c', content: [{ type: 'image', source: { type: 'url', url: '' } }] }]],
    ['a computer call', { type: 'computer_call', call_id: 'c', action: { type: 'click' } }, [{ type: 'tool_use', id: 'c', name: 'computer_call', input: { type: 'click' } }]],
    ['a shell call by id', { type: 'local_shell_call', id: 'l', action: { command: ['ls'] } }, [{ type: 'tool_use', id: 'l', name: 'local_shell_call', input: { command: ['ls'] } }]],
    ['a shell call of actions', { type: 'shell_call', call_id: 's', actions: ['ls'] }, [{ type: 'tool_use', id: 's', name: 'shell_call', input: ['ls'] }]],
    ['a patch call', { type: 'apply_patch_call', call_id: 'p', operation: { diff: 'x' } }, [{ type: 'tool_use', id: 'p', name: 'apply_patch_call', input: { diff: 'x' } }]],
    ['a program', { type: 'program', call_id: 'p', code: 'print(1)' }, [{ type: 'tool_use', id: 'p', name: 'program', input: 'print(1)' }]],
    ['a call with nothing to send', { type: 'shell_call', call_id: 's' }, [{ type: 'tool_use', id: 's', name: 'shell_call', input: '' }]],
    ['a shell output', { type: 'shell_call_output', call_id: 's', output: [{ stdout: 'a' }] }, [{ type: 'tool_result', tool_use_id: 's', content: '[{"stdout":"a"}]' }]],
    ['a program output by id', { type: 'program_output', id: 'p', result: 'done' }, [{ type: 'tool_result', tool_use_id: 'p', content: 'done' }]],
    ['a client tool search output', { type: 'tool_search_output', execution: 'client', call_id: 's', tools: [{ name: 't' }] }, [{ type: 'tool_result', tool_use_id: 's', content: '[{"name":"t"}]' }]],
    ['an output of nothing', { type: 'local_shell_call_output', call_id: 'l' }, [{ type: 'tool_result', tool_use_id: 'l', content: '' }]],
    ['an output that cannot be written as JSON', { type: 'shell_call_output', call_id: 's', output: 10n }, [{ type: 'tool_result', tool_use_id: 's', content: '' }]],
    ['a web search call', { type: 'web_search_call', id: 'w', status: 'completed' }, [{ type: 'web_search_call', id: 'w', status: 'completed' }]],
  ] as const)('%s', (_, item, blocks) => {
    expect(link(itemBlocks(item as unknown))).toEqual(blocks);
  });
});
