import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCanonicalMessages } from './check-canonical-messages';
import { identifyShape } from './identify-shape';
import { PART_ECOSYSTEM } from './part-ecosystem';

/**
 * Law: the check refuses a message exactly when the rule says so: its shape is identified as another API's, or its
 * role is not one the entry point takes. The check reads a message of an allowed role by a cheaper pre-filter before
 * identifying it; this holds the pre-filter to the rule over messages mixing every field and part type that tells.
 */
const ROLES = ['user', 'assistant', 'system', 'tool', 'developer', 'function', undefined];
const PART_TYPES = ['text', 'image', 'document', 'unknown-kind', ...PART_ECOSYSTEM.keys()];

const part = fc.oneof(fc.constantFrom(...PART_TYPES).map((type) => ({ type })), fc.constant(null), fc.constant('loose'));
const message = fc.record(
  {
    role: fc.constantFrom(...ROLES),
    content: fc.oneof(fc.string({ maxLength: 3 }), fc.array(part, { maxLength: 4 })),
    tool_calls: fc.constant([]),
    function_call: fc.constant({}),
    tool_call_id: fc.oneof(fc.constant('call_1'), fc.constant(7)),
    type: fc.constantFrom('message', 'function_call_output'),
  },
  { requiredKeys: ['role', 'content'] },
);

function ruleRefuses(m: Record<string, unknown>, allowSystem: boolean): boolean {
  const shape = identifyShape(m);
  if (shape !== undefined && shape.ecosystem !== 'anthropic-messages') return true;
  return !(m.role === 'user' || m.role === 'assistant' || (allowSystem && m.role === 'system'));
}

describe('checkCanonicalMessages', () => {
  it('refuses a message exactly when its shape is another API\'s or its role is not taken', () => {
    fc.assert(
      fc.property(message, fc.boolean(), (m, allowSystem) => {
        let thrown = false;
        try {
          checkCanonicalMessages([m], 'test', allowSystem);
        } catch {
          thrown = true;
        }
        expect(thrown).toBe(ruleRefuses(m, allowSystem));
      }),
      { numRuns: 3000 },
    );
  });

  it('says when it met a system message', () => {
    const seen = { system: false };
    checkCanonicalMessages([{ role: 'user', content: 'a' }], 'test', true, seen);
    expect(seen.system).toBe(false);
    checkCanonicalMessages([{ role: 'user', content: 'a' }, { role: 'system', content: 'b' }], 'test', true, seen);
    expect(seen.system).toBe(true);
  });
});
