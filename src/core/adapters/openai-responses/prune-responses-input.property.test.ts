/**
 * `pruneResponsesInput` laws over generated agent transcripts as OpenAI Responses input items (`function_call`,
 * `function_call_output`, messages, web search calls, a reasoning item before each run of calls, developer
 * messages), for every registered strategy and bound: see `checkAdapterLaws`. The API rules are
 * `validateMessages(x, 'openai-responses')` on the real items, and the reasoning rule: a reasoning item is sent
 * with the item that followed it, and that item with its reasoning.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneResponsesInput } from './prune-responses-input';
import type { ResponsesItemLike } from './responses-item-like';
import { validateMessages } from '../../formats/validate-messages';
import { toOpenAIResponsesItems } from '../../formats/openai-responses/to-openai-responses-items';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { validAgentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { checkAdapterLaws, type AdapterPrune } from '../../../../test/support/adapter-laws';

type Item = ResponsesItemLike & Record<string, unknown>;

/** What followed each reasoning item in the input: the pairs the API checks by id. */
let follows = new Map<unknown, unknown>();

function problems(items: readonly ResponsesItemLike[]): string[] {
  const out = validateMessages(items as unknown as Message[], 'openai-responses').map((p) => `${p.rule}: ${p.message.replace(/^messages\.\d+: /, '')}`);
  // By id, as the API pairs them: a cleared call (new object, same call_id) still follows its reasoning.
  const key = (item: unknown) => (item === undefined ? undefined : `${String((item as Item).type)}:${String((item as Item).call_id ?? (item as Item).id)}`);
  const byKey = new Map([...follows].map(([r, f]) => [key(r), key(f)] as const));
  const after = new Map([...follows].map(([r, f]) => [key(f), key(r)] as const));
  items.forEach((item, i) => {
    const k = key(item);
    if (byKey.has(k) && key(items[i + 1]) !== byKey.get(k)) out.push(`reasoning ${String((item as Item).id)} without its following item`);
    if (after.has(k) && key(items[i - 1]) !== after.get(k)) out.push(`item ${String((item as Item).call_id)} without its reasoning`);
  });
  return out;
}

const cases = fc
  .tuple(validAgentTranscript({ maxEpisodes: 14 }), fc.boolean())
  .chain(([canonical, developer]) => {
    const items: Item[] = [];
    follows = new Map();
    let k = 0;
    for (const item of toOpenAIResponsesItems(canonical).items as Item[]) {
      const previous = items[items.length - 1];
      if (item.type === 'function_call' && previous?.type !== 'function_call' && previous?.type !== 'reasoning') {
        const reasoning: Item = { type: 'reasoning', id: `rs_${k++}`, summary: [{ type: 'summary_text', text: 'plan the call' }] };
        items.push(reasoning);
        follows.set(reasoning, item);
      }
      items.push(item);
    }
    if (developer) items.unshift({ role: 'developer', content: 'Use the tools.' });
    const total = analyzeTranscript(canonical).tokens.reduce((a, b) => a + b, 0);
    return fc.tuple(fc.constant(items as ResponsesItemLike[]), fc.constant(follows), strategyConfig(items.length, total));
  });

describe('pruneResponsesInput laws over ResponseInputItem[]', () => {
  it('no new Responses problem, reasoning never parted, no mutation, deterministic, order and identity, bounds (600 cases)', () => {
    fc.assert(
      fc.property(cases, ([items, pairs, config]) => {
        follows = pairs;
        checkAdapterLaws(items, pruneResponsesInput as AdapterPrune<ResponsesItemLike>, config, problems);
      }),
      { numRuns: 600 },
    );
  });

  it('a test that cannot fail is a defect: the reasoning check catches a cut after the reasoning item', () => {
    const reasoning = { type: 'reasoning', id: 'rs_x', summary: [] };
    const call = { type: 'function_call', call_id: 'c', name: 'ls', arguments: '{}' };
    follows = new Map([[reasoning, call]]);
    expect(problems([reasoning])).toEqual(['reasoning rs_x without its following item']);
    expect(problems([call, { type: 'function_call_output', call_id: 'c', output: '' } as ResponsesItemLike])).toEqual(['item c without its reasoning']);
  });
});
