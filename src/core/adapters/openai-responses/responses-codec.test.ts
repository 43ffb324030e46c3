import { describe, expect, it } from 'vitest';
import { pruneResponsesInput } from './prune-responses-input';
import type { ResponsesItemLike } from './responses-item-like';

const long = (c: string) => c.repeat(4000);

describe('responsesCodec', () => {
  it('masks each output of a run of several in its own item, the others and their neighbours the same objects', () => {
    const items = [
      { role: 'user', content: 'look around' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'two calls' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Listing.' }] },
      { type: 'function_call', call_id: 'a', name: 'ls', arguments: '{}' },
      { type: 'function_call', call_id: 'b', name: 'cat', arguments: '{"f":"x"}' },
      { type: 'function_call_output', call_id: 'a', output: long('a') },
      { type: 'function_call_output', call_id: 'b', output: long('b') },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
      { role: 'user', content: 'thanks' },
    ] as unknown as ResponsesItemLike[];
    const out = pruneResponsesInput(items, { strategy: 'observation-masking', keepRecent: 0 });
    expect(out).toHaveLength(items.length);
    out.forEach((item, i) => {
      if (i === 5 || i === 6) {
        expect(item).not.toBe(items[i]);
        expect(item).toMatchObject({ type: 'function_call_output', call_id: i === 5 ? 'a' : 'b' });
        expect((item as { output: string }).output.length).toBeLessThan(200);
      } else expect(item).toBe(items[i]);
    });
  });
});
