/**
 * validateMessages, rule by rule: for each rule a valid and an invalid case, named after the rule, with the exact
 * text the API answers. Texts come from the APIs' real answers quoted in public issue reports (see the report of
 * issue 3's "Validate as the API would").
 */
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../types';
import type { Provider } from './types';
import { validateMessages } from './validate-messages';

const user = (content: string | ContentBlock[]): Message => ({ role: 'user', content });
const assistant = (content: string | ContentBlock[]): Message => ({ role: 'assistant', content });
const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const use = (id: string): ContentBlock => ({ type: 'tool_use', id, name: 'read', input: { id } });
const result = (id: string): ContentBlock => ({ type: 'tool_result', tool_use_id: id, content: `out ${id}` });
const serverUse = (id: string): ContentBlock => ({ type: 'server_tool_use', id, name: 'web_search', input: {} });
const serverResult = (id: string): ContentBlock => ({ type: 'web_search_tool_result', tool_use_id: id, content: [] });

const rules = (messages: Message[], provider: Provider) => validateMessages(messages, provider).map((p) => p.rule);

describe('validateMessages: anthropic', () => {
  describe('anthropic/tool-use-without-result', () => {
    it('valid: every tool_use answered at the start of the next message, parallel calls in any order', () => {
      const messages = [
        user('go'),
        assistant([text('reading'), use('a'), use('b')]),
        user([result('b'), result('a'), text('and then?')]),
        assistant('done'),
      ];
      expect(validateMessages(messages, 'anthropic')).toEqual([]);
    });

    it('invalid: next message is plain text; the text names the ids and the assistant turn', () => {
      const messages = [user('go'), assistant([text('reading'), use('toolu_1'), use('toolu_2')]), user('never mind')];
      expect(validateMessages(messages, 'anthropic')).toEqual([
        {
          messageIndex: 1,
          rule: 'anthropic/tool-use-without-result',
          message:
            'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1, toolu_2. ' +
            'Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
        },
      ]);
    });

    it('invalid: only some ids answered; only the missing ones are named', () => {
      const problems = validateMessages([user('go'), assistant([use('a'), use('b')]), user([result('a')])], 'anthropic');
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('immediately after: b. Each');
    });

    it('invalid: the conversation ends on an unanswered tool_use', () => {
      expect(rules([user('go'), assistant([use('a')])], 'anthropic')).toEqual(['anthropic/tool-use-without-result']);
    });

    it('invalid: the result sits two messages later, after another assistant reply was answered by the user', () => {
      const messages = [user('go'), assistant([use('a')]), user('wait'), assistant('ok'), user([result('a')])];
      expect(rules(messages, 'anthropic')).toEqual(['anthropic/tool-use-without-result', 'anthropic/unexpected-tool-result']);
    });
  });

  describe('anthropic/tool-result-not-first', () => {
    it('valid: results first, user text after them in the same message', () => {
      expect(rules([user('go'), assistant([use('a')]), user([result('a'), text('more')])], 'anthropic')).toEqual([]);
    });

    it('invalid: text before the results in the next user message', () => {
      const messages = [user('go'), assistant([use('a'), use('b')]), user([text('here:'), result('a'), result('b')])];
      expect(validateMessages(messages, 'anthropic')).toEqual([
        {
          messageIndex: 2,
          rule: 'anthropic/tool-result-not-first',
          message:
            'messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message. ' +
            'Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
        },
      ]);
    });

    it('invalid: merged user run starting with a text message, its results in the next message of the run', () => {
      const messages = [user('go'), assistant([use('a')]), user('here:'), user([result('a')])];
      expect(validateMessages(messages, 'anthropic')).toMatchObject([
        { messageIndex: 2, rule: 'anthropic/tool-result-not-first' },
      ]);
    });
  });

  describe('anthropic/unexpected-tool-result', () => {
    it('valid: the result answers a tool_use of the previous assistant turn', () => {
      expect(rules([user('go'), assistant([use('a')]), user([result('a')])], 'anthropic')).toEqual([]);
    });

    it('invalid: a result as the first message; text names block position and id', () => {
      expect(validateMessages([user([result('toolu_9')]), assistant('hm')], 'anthropic')).toEqual([
        {
          messageIndex: 0,
          rule: 'anthropic/unexpected-tool-result',
          message:
            'messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. ' +
            'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
        },
      ]);
    });

    it('invalid: a result for an id the previous turn did not call', () => {
      const problems = validateMessages([user('go'), assistant([use('a')]), user([result('a'), result('z')])], 'anthropic');
      expect(problems).toMatchObject([{ messageIndex: 2, rule: 'anthropic/unexpected-tool-result' }]);
      expect(problems[0]?.message).toContain('messages.2.content.1: unexpected `tool_use_id`');
    });
  });

  describe('anthropic/duplicate-tool-use-id', () => {
    it('valid: an id reused in a later turn (tau-bench logs do this)', () => {
      const messages = [user('go'), assistant([use('c1')]), user([result('c1')]), assistant([use('c1')]), user([result('c1')])];
      expect(rules(messages, 'anthropic')).toEqual([]);
    });

    it('invalid: one id twice in the same (merged) assistant turn', () => {
      expect(validateMessages([user('go'), assistant([use('toolu_1')]), assistant([use('toolu_1')]), user([result('toolu_1')])], 'anthropic')).toEqual([
        { messageIndex: 2, rule: 'anthropic/duplicate-tool-use-id', message: 'messages.1.content.1: `tool_use` ids must be unique' },
      ]);
    });
  });

  describe('anthropic/duplicate-tool-result', () => {
    it('valid: one result per tool_use, even when results are split over merged user messages', () => {
      expect(rules([user('go'), assistant([use('a'), use('b')]), user([result('a')]), user([result('b')])], 'anthropic')).toEqual([]);
    });

    it('invalid: two results for one tool_use in the same (merged) user turn', () => {
      expect(validateMessages([user('go'), assistant([use('toolu_1')]), user([result('toolu_1')]), user([result('toolu_1')])], 'anthropic')).toEqual([
        {
          messageIndex: 3,
          rule: 'anthropic/duplicate-tool-result',
          message:
            'messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_1',
        },
      ]);
    });
  });

  describe('anthropic/unexpected-server-tool-result', () => {
    it('valid: server_tool_use and its web_search_tool_result in the same assistant message', () => {
      const messages = [user('search'), assistant([serverUse('srv_1'), serverResult('srv_1'), text('found it')])];
      expect(rules(messages, 'anthropic')).toEqual([]);
    });

    it('valid: pause_turn, a final assistant message ending on an unanswered server_tool_use', () => {
      expect(rules([user('search'), assistant([text('searching'), serverUse('srv_1')])], 'anthropic')).toEqual([]);
    });

    it('valid: the pause_turn continuation as a second assistant message, merged with the first', () => {
      const messages = [
        user('search'),
        assistant([serverUse('srv_1')]),
        assistant([serverResult('srv_1'), text('found it')]),
      ];
      expect(rules(messages, 'anthropic')).toEqual([]);
    });

    it('invalid: the continuation without the message that holds its server_tool_use', () => {
      expect(validateMessages([user('search'), assistant([serverResult('srv_1'), text('found')])], 'anthropic')).toEqual([
        {
          messageIndex: 1,
          rule: 'anthropic/unexpected-server-tool-result',
          message:
            'messages.1.content.0: unexpected `tool_use_id` found in `web_search_tool_result` blocks: srv_1. ' +
            'Each `web_search_tool_result` block must have a corresponding `server_tool_use` block before it.',
        },
      ]);
    });
  });

  describe('anthropic: consecutive same-role messages are merged before the tool checks', () => {
    it('valid: parallel results in separate user messages (Claude Code logs them one per line)', () => {
      const messages = [user('go'), assistant([use('a'), use('b')]), user([result('a')]), user([result('b')])];
      expect(rules(messages, 'anthropic')).toEqual([]);
    });

    it('valid: tool_use split over two assistant messages, answered together', () => {
      const messages = [user('go'), assistant([use('a')]), assistant([text('and'), use('b')]), user([result('a'), result('b')])];
      expect(rules(messages, 'anthropic')).toEqual([]);
    });

    it('indices in the text count merged turns; messageIndex points at the offending original message', () => {
      const messages = [user('go'), user('really'), assistant([text('x')]), assistant([use('a')]), user('no')];
      expect(validateMessages(messages, 'anthropic')).toMatchObject([
        { messageIndex: 3, rule: 'anthropic/tool-use-without-result', message: expect.stringMatching(/^messages\.1: /) },
      ]);
    });
  });

  describe('anthropic/empty-content', () => {
    it('valid: an empty final assistant message (the optional prefill)', () => {
      expect(rules([user('hi'), assistant('')], 'anthropic')).toEqual([]);
      expect(rules([user('hi'), assistant([])], 'anthropic')).toEqual([]);
    });

    it('invalid: an empty user message, an empty non-final assistant message', () => {
      expect(validateMessages([user(''), assistant([]), user('hi')], 'anthropic')).toEqual([
        {
          messageIndex: 0,
          rule: 'anthropic/empty-content',
          message: 'messages.0: all messages must have non-empty content except for the optional final assistant message',
        },
        {
          messageIndex: 1,
          rule: 'anthropic/empty-content',
          message: 'messages.1: all messages must have non-empty content except for the optional final assistant message',
        },
      ]);
    });
  });

  describe('anthropic/empty-text-block', () => {
    it('valid: non-empty text blocks', () => {
      expect(rules([user([text('hi')]), assistant([text('hello')])], 'anthropic')).toEqual([]);
    });

    it('invalid: an empty text block beside a tool_use', () => {
      expect(validateMessages([user('go'), assistant([text(''), use('a')]), user([result('a')])], 'anthropic')).toEqual([
        { messageIndex: 1, rule: 'anthropic/empty-text-block', message: 'messages: text content blocks must be non-empty' },
      ]);
    });
  });

  describe('anthropic/whitespace-text-block', () => {
    it('valid: text with whitespace around words', () => {
      expect(rules([user(' hi '), assistant([text('\n\nhello\n')]), user('ok')], 'anthropic')).toEqual([]);
    });

    it('invalid: a whitespace-only text block (as Claude Code logs hold) and whitespace-only string content', () => {
      expect(validateMessages([user('go'), assistant([text('\n\n'), use('a')]), user([result('a')]), user('  ')], 'anthropic')).toEqual([
        {
          messageIndex: 1,
          rule: 'anthropic/whitespace-text-block',
          message: 'messages: text content blocks must contain non-whitespace text',
        },
        {
          messageIndex: 3,
          rule: 'anthropic/whitespace-text-block',
          message: 'messages: text content blocks must contain non-whitespace text',
        },
      ]);
    });
  });

  describe('anthropic/final-assistant-trailing-whitespace', () => {
    it('valid: trailing whitespace in an assistant message that is not the last one', () => {
      expect(rules([user('hi'), assistant('Sure. '), user('go on')], 'anthropic')).toEqual([]);
    });

    it('invalid: a final assistant message ending in whitespace, as a string or as its last text block', () => {
      const expected = [
        {
          messageIndex: 1,
          rule: 'anthropic/final-assistant-trailing-whitespace',
          message: 'messages: final assistant content cannot end with trailing whitespace',
        },
      ];
      expect(validateMessages([user('hi'), assistant('The answer is ')], 'anthropic')).toEqual(expected);
      expect(validateMessages([user('hi'), assistant([text('The answer is\n')])], 'anthropic')).toEqual(expected);
    });
  });

  it('not a rule: an assistant message first (the first-party API accepts it)', () => {
    expect(rules([assistant('How can I help?'), user('hi')], 'anthropic')).toEqual([]);
  });
});

describe('validateMessages: openai-chat', () => {
  describe('openai-chat/tool-calls-without-response', () => {
    it('valid: tool messages for every call right after the assistant, then user text', () => {
      const messages = [user('go'), assistant([use('call_a'), use('call_b')]), user([result('call_b'), result('call_a'), text('thanks')])];
      expect(validateMessages(messages, 'openai-chat')).toEqual([]);
    });

    it('valid: results split over several user messages (each becomes tool messages in a row)', () => {
      const messages = [user('go'), assistant([use('a'), use('b')]), user([result('a')]), user([result('b')])];
      expect(rules(messages, 'openai-chat')).toEqual([]);
    });

    it('invalid: a call left unanswered; the text lists the ids', () => {
      expect(validateMessages([user('go'), assistant([use('call_a'), use('call_b')]), user([result('call_a')])], 'openai-chat')).toEqual([
        {
          messageIndex: 1,
          rule: 'openai-chat/tool-calls-without-response',
          message:
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. " +
            'The following tool_call_ids did not have response messages: call_b',
        },
      ]);
    });

    it('invalid: another assistant message between the call and its result (Chat does not merge messages)', () => {
      const messages = [user('go'), assistant([use('a')]), assistant('still working'), user([result('a')])];
      expect(rules(messages, 'openai-chat')).toEqual(['openai-chat/tool-calls-without-response', 'openai-chat/tool-without-call']);
    });
  });

  describe('openai-chat/tool-without-call', () => {
    it('valid: the tool message follows the assistant message that called it', () => {
      expect(rules([user('go'), assistant([use('a')]), user([result('a')]), assistant('done')], 'openai-chat')).toEqual([]);
    });

    it('invalid: a tool message with no assistant tool_calls before it', () => {
      expect(validateMessages([user('go'), user([result('call_x')])], 'openai-chat')).toEqual([
        {
          messageIndex: 1,
          rule: 'openai-chat/tool-without-call',
          message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        },
      ]);
    });

    it('invalid: user text between the call and the result, as a message of its own', () => {
      const messages = [user('go'), assistant([use('a')]), user('here:'), user([result('a')])];
      expect(rules(messages, 'openai-chat')).toEqual(['openai-chat/tool-calls-without-response', 'openai-chat/tool-without-call']);
    });

    it('valid: user text before the result in the same message (the converter writes tool messages first)', () => {
      expect(rules([user('go'), assistant([use('a')]), user([text('here:'), result('a')])], 'openai-chat')).toEqual([]);
    });
  });

  describe('openai-chat/tool-call-id-not-found', () => {
    it('valid: ids match', () => {
      expect(rules([user('go'), assistant([use('a')]), user([result('a')])], 'openai-chat')).toEqual([]);
    });

    it('invalid: a tool message answering an id the assistant did not call', () => {
      expect(validateMessages([user('go'), assistant([use('call_a')]), user([result('call_a'), result('call_z')])], 'openai-chat')).toEqual([
        {
          messageIndex: 2,
          rule: 'openai-chat/tool-call-id-not-found',
          message: "Invalid parameter: 'tool_call_id' of 'call_z' not found in 'tool_calls' of previous message.",
        },
      ]);
    });
  });

  it('ids reused in one conversation (tau-bench) pair with the nearest call', () => {
    const messages = [user('go'), assistant([use('c1')]), user([result('c1')]), assistant([use('c1')]), user([result('c1')])];
    expect(rules(messages, 'openai-chat')).toEqual([]);
  });

  it('server tool blocks have no Chat equivalent and are ignored', () => {
    expect(rules([user('search'), assistant([serverResult('srv_1'), text('found')])], 'openai-chat')).toEqual([]);
  });
});

describe('validateMessages: openai-responses', () => {
  describe('openai-responses/function-call-without-output', () => {
    it('valid: parallel function_call items, then their outputs', () => {
      const messages = [user('go'), assistant([text('on it'), use('call_a'), use('call_b')]), user([result('call_b'), result('call_a')]), assistant('done')];
      expect(validateMessages(messages, 'openai-responses')).toEqual([]);
    });

    it('invalid: a call never answered', () => {
      expect(validateMessages([user('go'), assistant([use('call_a')]), user('hello?')], 'openai-responses')).toEqual([
        {
          messageIndex: 1,
          rule: 'openai-responses/function-call-without-output',
          message: 'No tool output found for function call call_a.',
        },
      ]);
    });

    it('invalid: the output comes only after the next assistant message; reported once, against the call', () => {
      const messages = [user('go'), assistant([use('a')]), assistant('meanwhile'), user([result('a')])];
      expect(rules(messages, 'openai-responses')).toEqual(['openai-responses/function-call-without-output']);
    });
  });

  describe('openai-responses/output-without-call', () => {
    it('valid: the output after its call, with user text between', () => {
      expect(rules([user('go'), assistant([use('a')]), user([text('note'), result('a')])], 'openai-responses')).toEqual([]);
    });

    it('invalid: an output with no call before it', () => {
      expect(validateMessages([user([result('call_q')]), assistant('ok')], 'openai-responses')).toEqual([
        {
          messageIndex: 0,
          rule: 'openai-responses/output-without-call',
          message: 'No tool call found for function call output with call_id call_q.',
        },
      ]);
    });

    it('invalid: a second output for a call already answered', () => {
      expect(rules([user('go'), assistant([use('a')]), user([result('a'), result('a')])], 'openai-responses')).toEqual([
        'openai-responses/output-without-call',
      ]);
    });
  });
});

describe('validateMessages: arguments', () => {
  it('throws a TypeError naming the providers for an unknown provider', () => {
    expect(() => validateMessages([], 'gemini' as Provider)).toThrow(/unknown provider "gemini"; expected anthropic/);
  });

  it('throws a TypeError when messages is not an array', () => {
    expect(() => validateMessages(null as unknown as Message[], 'anthropic')).toThrow(TypeError);
  });

  it('an empty conversation has no problems as far as these rules go', () => {
    for (const provider of ['anthropic', 'openai-chat', 'openai-responses'] as const) {
      expect(validateMessages([], provider)).toEqual([]);
    }
  });

  it('does not mutate its input', () => {
    const messages = [user('go'), assistant([use('a')]), user('x')];
    const copy = structuredClone(messages);
    for (const provider of ['anthropic', 'openai-chat', 'openai-responses'] as const) validateMessages(messages, provider);
    expect(messages).toEqual(copy);
  });
});
