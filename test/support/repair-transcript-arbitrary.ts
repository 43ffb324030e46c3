import fc from 'fast-check';

/**
 * Transcripts aimed at what `repairMessages` reads and a port to another language gets wrong first: blank text by
 * JavaScript's whitespace rules (U+FEFF is whitespace to `trim()`, U+001C and U+0085 are not; Python's `strip()`
 * says the reverse), tool calls and results in either role, ids from a tiny pool so they repeat, go unanswered and
 * answer twice, calls without a string id, server tools, blocks that are not objects, content that is neither a
 * string nor an array, empty messages, and extra keys that a repaired message must keep. Roles are always `user` or
 * `assistant` (repair refuses anything else). Every value survives `JSON.stringify` → `JSON.parse`.
 */
const unit = fc.constantFrom('a', 'b', ' ', '\n', '\t', '\ufeff', '\u001c', '\u0085', '\u2028', '\u3000', '\u00a0', 'é', '😀');
const text = fc.string({ unit, maxLength: 6 });
const id = fc.constantFrom('t1', 't2', 't3');

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('tool_use'), id, name: fc.constantFrom('Read', 'Bash'), input: fc.constant({}) }),
  fc.record({ type: fc.constant('tool_result'), tool_use_id: id, content: text }),
  id.map((i) => ({ type: 'server_tool_use', id: `srv_${i}`, name: 'web_search', input: {} })),
  id.map((i) => ({ type: 'web_search_tool_result', tool_use_id: `srv_${i}`, content: [] })),
  fc.constant({ type: 'tool_use', id: 7, name: 'no string id', input: {} }),
  fc.constant({ type: 'thinking', thinking: 'hm', signature: 's' }),
  fc.constantFrom(null, 5, 'a string', [], { type: 'text', text: 3 }),
);

const content = fc.oneof(
  { weight: 2, arbitrary: fc.array(block, { maxLength: 4 }) },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom(null, 42, { type: 'text', text: 'an object' }) },
);

const message = fc
  .record({ role: fc.constantFrom('user', 'assistant'), content, withId: fc.boolean() })
  .map(({ role, content, withId }) => (withId ? { role, content, id: 'msg' } : { role, content }));

export const repairTranscript = () => fc.array(message, { maxLength: 12 }) as fc.Arbitrary<unknown[]>;
