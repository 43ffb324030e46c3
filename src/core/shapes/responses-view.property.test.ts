/**
 * The Responses view's check reads a message item's parts before the full identification (`identifyShape`) and skips
 * it when nothing there could be another API's: it must refuse exactly the message items the full rule refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responsesView } from './responses-view';
import { identifyShape } from './identify-shape';
import { PART_ECOSYSTEM } from './part-ecosystem';

/** The rule before the pre-filter: every message item with a list of parts identified in full. */
function refusedInFull(item: Record<string, unknown>): boolean {
  const shape = identifyShape(item);
  return shape !== undefined && shape.ecosystem !== 'responses-input';
}

const part = fc.oneof(
  fc.constantFrom(...PART_ECOSYSTEM.keys(), 'mystery', 'input_audio').map((type) => ({ type, text: 'x' })),
  fc.constantFrom(null, 'text', 42, {}),
);
const messageItem = fc
  .record(
    {
      type: fc.constantFrom('message', undefined),
      role: fc.constantFrom('user', 'assistant', 'system', 'developer', undefined),
      content: fc.array(part, { maxLength: 4 }),
      function_call: fc.constant({ name: 'f', arguments: '{}' }),
    },
    { requiredKeys: ['content'] },
  )
  .map((item) => Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)));

describe('responsesView check', () => {
  it('refuses exactly the message items the full identification refuses (2,000 cases)', () => {
    fc.assert(
      fc.property(messageItem, (item) => {
        let refused = false;
        try {
          responsesView([item], 'test');
        } catch {
          refused = true;
        }
        expect(refused).toBe(refusedInFull(item));
      }),
      { numRuns: 2000 },
    );
  });
});
