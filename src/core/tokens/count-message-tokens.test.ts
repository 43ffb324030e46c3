import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../types';
import { countMessageTokens } from './count-message-tokens';
import { createTokenCounter } from './create-token-counter';
import { charsTokenCounter } from './chars-token-counter';
import { ANTHROPIC_FRAMING, OPENAI_FRAMING } from './framing';
import { imageTokens } from './image-tokens';
import type { MessageFraming, TokenCounter } from './types';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { messagesWithEveryBlock } from '../../../test/support/all-blocks-arbitrary';
import { JPEG_41X17_PROGRESSIVE, PNG_37X23 } from '../../../test/support/tiny-images';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

/** One token per character: every expected figure below is then a length anyone can check. */
const perChar: TokenCounter = { encoding: 'chars', count: (text: string) => text.length };

/** Distinct powers of ten, so a total shows which framings it holds. */
const FRAMING: MessageFraming = {
  perMessage: 1_000_000,
  text: 100_000,
  thinking: 200_000,
  redactedThinking: 300_000,
  toolUse: 10_000,
  toolResult: 20_000,
  serverToolUse: 30_000,
  serverToolResult: 40_000,
  image: 1_000,
  other: 2_000,
  system: 0,
};

const one = (content: Message['content'], role: Message['role'] = 'user'): number =>
  countMessageTokens([{ role, content }], perChar, { framing: FRAMING })[0] ?? Number.NaN;
const block = (b: ContentBlock): number => one([b]) - FRAMING.perMessage;

describe('countMessageTokens', () => {
  it('counts string content as one text block', () => {
    expect(one('hello')).toBe(FRAMING.perMessage + FRAMING.text + 5);
    expect(one('hello')).toBe(one([{ type: 'text', text: 'hello' }]));
  });

  it('text and thinking: their text, not citations or signatures', () => {
    expect(block({ type: 'text', text: 'abc', citations: [{ cited_text: 'x'.repeat(50) }], cache_control: { type: 'ephemeral' } })).toBe(
      FRAMING.text + 3,
    );
    expect(block({ type: 'thinking', thinking: 'hmm', signature: 'EuYBCkQYAiJA'.repeat(20) })).toBe(FRAMING.thinking + 3);
  });

  it('redacted thinking: the hidden text estimated from the ciphertext, decoded bytes ÷ 4', () => {
    const data = 'A'.repeat(400); // 300 bytes
    expect(block({ type: 'redacted_thinking', data })).toBe(FRAMING.redactedThinking + 75);
  });

  it('tool calls: the name and the input as JSON; a free-text input as it is', () => {
    const input = { command: 'ls -la "my dir"', timeout: 5, nested: { a: [1, 2] } };
    expect(block({ type: 'tool_use', id: 'toolu_1', name: 'Bash', input })).toBe(FRAMING.toolUse + 4 + JSON.stringify(input).length);
    expect(block({ type: 'tool_use', id: 'c1', name: 'apply_patch', input: '*** Begin Patch\n' })).toBe(FRAMING.toolUse + 11 + 16);
    expect(block({ type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'q' } })).toBe(
      FRAMING.serverToolUse + 10 + '{"query":"q"}'.length,
    );
    expect(block({ type: 'mcp_tool_use', id: 'm1', name: 'find', server_name: 'docs', input: {} })).toBe(FRAMING.serverToolUse + 4 + 2);
  });

  it('tool results: a string, or nested blocks counted by their own rules', () => {
    expect(block({ type: 'tool_result', tool_use_id: 't', content: 'output' })).toBe(FRAMING.toolResult + 6);
    expect(block({ type: 'tool_result', tool_use_id: 't' })).toBe(FRAMING.toolResult);
    const nested: ContentBlock = {
      type: 'tool_result',
      tool_use_id: 't',
      is_error: true,
      content: [
        { type: 'text', text: 'see' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_37X23.base64 } },
      ],
    };
    expect(block(nested)).toBe(FRAMING.toolResult + FRAMING.text + 3 + FRAMING.image + imageTokens(37, 23));
  });

  it('server tool results: JSON of the content, encrypted page text estimated as ciphertext', () => {
    const encrypted = 'B'.repeat(800); // 600 bytes → 150 tokens
    const content = [{ type: 'web_search_result', url: 'https://x.dev', title: 'X', encrypted_content: encrypted, page_age: null }];
    const visible = JSON.stringify([{ type: 'web_search_result', url: 'https://x.dev', title: 'X', page_age: null }]);
    expect(block({ type: 'web_search_tool_result', tool_use_id: 's1', content })).toBe(FRAMING.serverToolResult + visible.length + 150);
  });

  it('images: pixels by the header, the cap when the size cannot be read', () => {
    const image = (source: Record<string, unknown>): number => block({ type: 'image', source: { type: 'base64', ...source } });
    expect(image({ media_type: 'image/png', data: PNG_37X23.base64 })).toBe(FRAMING.image + 2);
    expect(image({ media_type: 'image/jpeg', data: JPEG_41X17_PROGRESSIVE.base64 })).toBe(FRAMING.image + imageTokens(41, 17));
    expect(image({ media_type: 'image/png', data: 'AAAA' })).toBe(FRAMING.image + 1600);
    expect(block({ type: 'image', source: { type: 'url', url: 'https://x.dev/a.png' } })).toBe(FRAMING.image + 1600);
    const large = countMessageTokens(
      [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: PNG_37X23.base64 } }] }],
      perChar,
      { framing: FRAMING, imageLimits: { maxEdge: 1568, maxTokens: 1600, pixelsPerToken: 1 } },
    );
    expect(large[0]).toBe(FRAMING.perMessage + FRAMING.image + 37 * 23);
  });

  it('documents: title, context and text; unknown blocks: their JSON less type and cache markers', () => {
    expect(block({ type: 'document', title: 'T', context: 'ctx', source: { type: 'text', media_type: 'text/plain', data: 'body' } })).toBe(
      FRAMING.other + 1 + 3 + 4,
    );
    expect(
      block({ type: 'document', source: { type: 'content', content: [{ type: 'text', text: 'abc' }] } }),
    ).toBe(FRAMING.other + FRAMING.text + 3);
    expect(block({ type: 'container_upload', file_id: 'f1', cache_control: { type: 'ephemeral' } })).toBe(
      FRAMING.other + '{"file_id":"f1"}'.length,
    );
  });

  it('skips what is not a block or not a message without failing', () => {
    const odd = [null, 42, { role: 'user', content: [null, 'text', { type: 7 }] }] as unknown as Message[];
    expect([...countMessageTokens(odd, perChar, { framing: FRAMING })]).toEqual([0, 0, FRAMING.perMessage + FRAMING.other + '{}'.length]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(block({ type: 'tool_use', id: 'x', name: 'n', input: cyclic })).toBe(FRAMING.toolUse + 1);
  });

  it('leaves thinking out when asked, as the API does for earlier turns', () => {
    const message: Message = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'abc' },
        { type: 'redacted_thinking', data: 'AAAA' },
        { type: 'text', text: 'hi' },
      ],
    };
    const [without] = countMessageTokens([message], perChar, { framing: FRAMING, thinking: false });
    expect(without).toBe(FRAMING.perMessage + FRAGMENT_TEXT_HI);
  });

  it('uses the framing measured for the counter’s provider by default', async () => {
    const o200k = await createTokenCounter({ encoding: 'o200k_base' });
    const claude = await createTokenCounter({ encoding: 'claude' });
    const messages: Message[] = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'README.md' }] },
    ];
    const roundTrip = (framing: MessageFraming): number => 2 * framing.perMessage + framing.toolUse + framing.toolResult;
    const [call = 0, result = 0] = countMessageTokens(messages, o200k);
    expect(call + result).toBe(roundTrip(OPENAI_FRAMING) + o200k.count('Bash') + o200k.count('{"command":"ls"}') + o200k.count('README.md'));
    const [c = 0, r = 0] = countMessageTokens(messages, claude);
    expect(c + r).toBe(roundTrip(ANTHROPIC_FRAMING) + claude.count('Bash') + claude.count('{"command":"ls"}') + claude.count('README.md'));
  });

  it('counts a slice, element k being message from + k', () => {
    const messages: Message[] = [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'bb' },
      { role: 'user', content: 'ccc' },
    ];
    expect([...countMessageTokens(messages, perChar, { framing: FRAMING, from: 1, to: 3 })]).toEqual([1_100_002, 1_100_003]);
    expect(countMessageTokens(messages, perChar, { from: 3 })).toHaveLength(0);
  });

  it('rejects bad arguments with errors naming the field, the value and what is allowed', () => {
    const messages: Message[] = [{ role: 'user', content: 'a' }];
    expect(() => countMessageTokens('nope' as never, perChar)).toThrow(
      new TypeError('countMessageTokens: messages is "nope"; expected an array of messages.'),
    );
    expect(() => countMessageTokens(messages, {} as never)).toThrow(/counter is an object; expected a TokenCounter/);
    expect(() => countMessageTokens(messages, perChar, { from: -1 })).toThrow(
      new RangeError('countMessageTokens: from is number -1; expected an integer from 0 to 1.'),
    );
    expect(() => countMessageTokens(messages, perChar, { from: 1, to: 0 })).toThrow(/to is number 0; expected an integer from 1 to 1/);
    expect(() => countMessageTokens(messages, perChar, { to: 1.5 })).toThrow(RangeError);
  });
});

const FRAGMENT_TEXT_HI = FRAMING.text + 2;

describe('countMessageTokens laws (property)', () => {
  const counters = Promise.all([createTokenCounter({ encoding: 'claude' }), createTokenCounter({ encoding: 'o200k_base' })]);
  const transcripts = fc.oneof(messagesWithEveryBlock(), agentTranscript({ maxEpisodes: 8 }));

  it('never mutates, is deterministic, and slices add up to the whole', async () => {
    const all = [...(await counters), charsTokenCounter];
    fc.assert(
      fc.property(transcripts, fc.nat(), fc.nat(), (messages, a, b) => {
        const before = structuredClone(messages);
        for (const counter of all) {
          const whole = countMessageTokens(messages, counter);
          expect(messages).toEqual(before);
          expect(countMessageTokens(messages, counter)).toEqual(whole);
          const n = messages.length;
          const from = n === 0 ? 0 : a % (n + 1);
          const to = from + (n === 0 ? 0 : b % (n - from + 1));
          expect([...countMessageTokens(messages, counter, { from, to })]).toEqual([...whole.subarray(from, to)]);
        }
      }),
      { numRuns: 150, ...replay },
    );
  });

  it('every message costs at least its framing; leaving thinking out never costs more', async () => {
    const [claude] = await counters;
    if (claude === undefined) throw new Error('no counter');
    fc.assert(
      fc.property(transcripts, (messages) => {
        const whole = countMessageTokens(messages, claude);
        const bare = countMessageTokens(messages, claude, { thinking: false });
        messages.forEach((_, i) => {
          expect(whole[i]).toBeGreaterThanOrEqual(ANTHROPIC_FRAMING.perMessage);
          expect(Number.isInteger(whole[i])).toBe(true);
          expect(bare[i]).toBeLessThanOrEqual(whole[i] ?? 0);
        });
      }),
      { numRuns: 150, ...replay },
    );
  });

  it('appending a block never lowers a message’s count', async () => {
    const [claude] = await counters;
    if (claude === undefined) throw new Error('no counter');
    fc.assert(
      fc.property(messagesWithEveryBlock(2), messagesWithEveryBlock(2), (first, second) => {
        const blocks = (messages: Message[]): ContentBlock[] =>
          messages.flatMap((m) => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content));
        const base: Message = { role: 'user', content: blocks(first) };
        const more: Message = { role: 'user', content: [...blocks(first), ...blocks(second)] };
        const [x = 0, y = 0] = countMessageTokens([base, more], claude);
        expect(y).toBeGreaterThanOrEqual(x);
      }),
      { numRuns: 150, ...replay },
    );
  });
});
