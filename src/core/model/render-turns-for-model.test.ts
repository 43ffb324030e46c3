import { describe, expect, it } from 'vitest';
import { renderTurnsForModel } from './render-turns-for-model';

describe('renderTurnsForModel', () => {
  it('writes each message under its role, calls and results with their ids, errors marked, images named', () => {
    const text = renderTurnsForModel(
      [
        { role: 'user', content: 'Fix the parser' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'look first', signature: 's' },
            { type: 'text', text: 'Reading it.' },
            { type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/src/parse.ts' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'r1', content: [{ type: 'text', text: 'ENOENT' }, { type: 'image', source: { type: 'base64', data: 'AAAA' } }], is_error: true },
            { type: 'redacted_thinking', data: 'secret' } as never,
          ],
        },
      ],
      4_000,
    );
    expect(text).toBe(
      [
        '## user',
        'Fix the parser',
        '## assistant',
        '[thinking] look first',
        'Reading it.',
        '[tool call Read (r1)] {"file_path":"/src/parse.ts"}',
        '## user',
        '[tool result (r1), error] ENOENT\n[image]',
      ].join('\n'),
    );
  });

  it('shortens a long text to its start and end, within the bound', () => {
    const long = `START ${'x'.repeat(50_000)} END`;
    const text = renderTurnsForModel([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: long }] }], 500);
    const line = text.split('\n')[1] as string;
    expect(line.startsWith('[tool result (t)] START')).toBe(true);
    expect(line.endsWith('END')).toBe(true);
    expect(line.length).toBeLessThanOrEqual('[tool result (t)] '.length + 500);
  });
});
