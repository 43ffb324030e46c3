import fc from 'fast-check';

/**
 * Transcripts as JSON can hold them, aimed at the rules a port to another language gets wrong first: text outside
 * the BMP and lone surrogates (JavaScript counts UTF-16 code units), numbers that JavaScript prints its own way
 * (`1e+21`, `1.5e-7`, `1` for 1.0), nesting past the depth cap of 32, blocks without a type or with a non-string
 * type or id, content that is neither a string nor an array, server and MCP tools, ids drawn from a tiny pool so
 * calls and results pair, repeat and go unanswered in every arrangement. Typed `unknown`: half of it is not a
 * valid `Message`, on purpose. Every value survives `JSON.stringify` → `JSON.parse` (callers round-trip anyway).
 */
const unit = fc.constantFrom('a', 'b', ' ', '\n', 'é', '中', '😀', '𝄞', '\ud83d', '\ude00');
const shortText = fc.string({ unit, maxLength: 30 });
const text = fc.oneof(
  { weight: 6, arbitrary: shortText },
  // 300 to 700 emoji: 600 to 1,400 UTF-16 units around the 1,000 where the length score caps.
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 700 }).map((n) => '😀'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 400, max: 1200 }).map((n) => 'x'.repeat(n)) },
);

const oddNumbers = fc.constantFrom(
  0, 1, -5, 0.1, 1.5, -2.75, 123.456, 1e20, 1e21, 1.5e21, 1e-6, 1e-7, 1.5e-7, 5e-324, 1e300, -1e-300,
  2 ** 53, 2 ** 53 + 2, 123456789012345680000, 4294967296.5, 0.000001234,
);
const number = fc.oneof(oddNumbers, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('path', 'command', 'k', 'query') }, { weight: 1, arbitrary: shortText });
const leaf = fc.oneof(shortText, number, fc.boolean(), fc.constant(null));
const structured = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
})).value;

/** A value nested 28 to 40 levels deep with text at the bottom: the cap of 32 decides whether it counts. */
const deep = fc.tuple(fc.integer({ min: 28, max: 40 }), fc.boolean(), text).map(([depth, asArrays, bottom]) => {
  let value: unknown = bottom;
  for (let d = 0; d < depth; d++) value = asArrays || d % 3 === 0 ? [value, d] : { [`k${d}`]: value };
  return value;
});
const deepResultContent = fc.tuple(fc.integer({ min: 28, max: 40 }), text).map(([depth, bottom]) => {
  let content: unknown = [{ type: 'text', text: bottom }];
  for (let d = 0; d < depth; d++) content = [{ type: 'tool_result', tool_use_id: 'nested', content }, { type: 'text', text: 'é' }];
  return content;
});

const id = fc.constantFrom('t1', 't2', 'call_1', 'id😀', 'srv_1');
const input = fc.oneof(structured, deep, fc.dictionary(key, number, { maxKeys: 4 }));
const resultContent = fc.oneof(
  text,
  fc.array(fc.oneof(fc.record({ type: fc.constant('text'), text }), fc.record({ type: fc.constant('image'), source: fc.constant({ type: 'base64', data: 'iVBORw0KGgo=' }) })), { maxLength: 3 }),
  deepResultContent,
  structured,
);

const block = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('text'), text }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('tool_use'), id, name: shortText, input }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('tool_result'), tool_use_id: id, content: resultContent }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('tool_result'), tool_use_id: id }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('server_tool_use', 'mcp_tool_use'), id, name: shortText, input }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constantFrom('web_search_tool_result', 'mcp_tool_result', 'code_execution_tool_result', '_tool_result'),
      tool_use_id: id,
      content: fc.oneof(structured, deep, text),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.constant('sig') }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('redacted_thinking'), data: text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('image'), source: fc.constant({ type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' }) }) },
  // Not tool blocks: no string id, no string type, no type at all; the text of an unknown block still counts.
  { weight: 1, arbitrary: fc.record({ type: fc.constant('tool_use'), id: fc.integer(), name: shortText, input }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('tool_result'), tool_use_id: fc.constantFrom(null, 7), content: text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(7, null), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('container_upload'), file_id: fc.constant('f'), text }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('text'), text: number }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 5, 'a string', [], [{ type: 'text', text: 'in an array' }]) },
);

const message = fc.record(
  {
    role: fc.constantFrom('user', 'assistant'),
    content: fc.oneof(
      { weight: 6, arbitrary: fc.array(block, { maxLength: 5 }) },
      { weight: 3, arbitrary: text },
      { weight: 1, arbitrary: fc.constantFrom(null, 42, { type: 'text', text: 'an object, not an array' }) },
    ),
    id: fc.string(),
  },
  { requiredKeys: ['role'] },
);

export const jsonTranscript = () => fc.array(message, { maxLength: 30 }) as fc.Arbitrary<unknown[]>;
