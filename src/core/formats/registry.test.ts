import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatDefinition, TranscriptSource } from './format-types';
import { parseTranscript } from './parse-transcript';
import { FORMAT_REGISTRY } from './registry';
import type { TranscriptParseError } from './transcript-parse-error';
import { geminiSessionCase } from '../../../test/support/gemini-session-arbitrary';
import { openHandsStreamCase } from '../../../test/support/openhands-stream-arbitrary';
import { toolRun } from '../../../test/support/tool-run-arbitrary';
import { modelMessagesOf, otelTraceOf, uiMessagesOf } from '../../../test/support/write-tool-run';

const FORMATS: readonly FormatDefinition[] = FORMAT_REGISTRY;
const byId = (id: string): FormatDefinition => FORMATS.find((f) => f.id === id) as FormatDefinition;

/** The format `parseTranscript` picks: the most confident reader, the first in the registry on a tie. */
function winner(source: TranscriptSource): string | undefined {
  let best: { id: string; confidence: number } | undefined;
  for (const format of FORMATS) {
    const { reads, confidence } = format.detect(source);
    if (reads && (best === undefined || confidence > best.confidence)) best = { id: format.id, confidence };
  }
  return best?.id;
}

describe('the format registry', () => {
  it('ids are unique, lower-case with dashes, and each is its folder', () => {
    const ids = FORMATS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it("every format's provider is a registered format with an API (and every API is its own provider)", () => {
    for (const format of FORMATS) {
      expect(byId(format.provider)?.api, `${format.id} → ${format.provider}`).toBeDefined();
      if (format.api !== undefined) expect(format.provider).toBe(format.id);
    }
  });

  it('extensions start with a dot; names and labels are set', () => {
    for (const format of FORMATS) {
      expect(format.extensions.length).toBeGreaterThan(0);
      for (const ext of format.extensions) expect(ext).toMatch(/^\.[a-z0-9]+$/);
      expect(format.name.length).toBeGreaterThan(0);
      expect(format.label.length).toBeGreaterThan(0);
    }
  });

  it('confidence is within 0–1; every answer has a reason', () => {
    const sources: TranscriptSource[] = [
      { kind: 'document', value: [] },
      { kind: 'document', value: [{ role: 'user', content: 'hi' }] },
      { kind: 'document', value: { input: [{ type: 'function_call' }] } },
      { kind: 'lines', lines: [{ line: 1, value: { type: 'user', message: {} } }], warnings: [] },
      { kind: 'lines', lines: [{ line: 1, value: 'x' }], warnings: [] },
    ];
    for (const source of sources) {
      for (const format of FORMATS) {
        const d = format.detect(source);
        expect(d.confidence).toBeGreaterThanOrEqual(0);
        expect(d.confidence).toBeLessThanOrEqual(1);
        expect(d.reason.length).toBeGreaterThan(5);
      }
    }
  });
});

/**
 * Before the registry, detection asked the formats in a fixed order and took the first that read the input. The
 * confidences keep that order, with one change on purpose: `type: "message"` items holding Anthropic-only blocks
 * (`tool_use`, `thinking`, …) are Anthropic API responses saved in a list, and read as Anthropic, not as Responses.
 */
describe('detection by confidence keeps the old order of precedence', () => {
  const OLD_ORDER = ['claude-code', 'openai-responses', 'anthropic', 'openai-chat'];
  const oldWinner = (source: TranscriptSource): string | undefined => OLD_ORDER.find((id) => byId(id).detect(source).reads);

  const part = fc.constantFrom(
    { type: 'text', text: 'hi' },
    { type: 'tool_use', id: 't', name: 'x', input: {} },
    { type: 'tool_result', tool_use_id: 't', content: 'ok' },
    { type: 'thinking', thinking: 'hm' },
    { type: 'image_url', image_url: { url: 'x' } },
    { type: 'input_text', text: 'hi' },
    { type: 'output_text', text: 'hi' },
    { type: 'refusal', refusal: 'no' },
    { type: 'input_audio' },
  );
  const message = fc.record(
    {
      role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool'),
      type: fc.constantFrom('message', 'function_call', 'reasoning'),
      content: fc.oneof(fc.constant('hello'), fc.array(part, { minLength: 1, maxLength: 3 })),
      tool_calls: fc.constant([]),
    },
    { requiredKeys: ['content'] },
  );
  const document = fc.oneof(
    fc.array(message, { minLength: 1, maxLength: 4 }),
    fc.array(message, { minLength: 1, maxLength: 4 }).map((messages) => ({ messages })),
    fc.array(message, { minLength: 1, maxLength: 4 }).map((input) => ({ input })),
    fc.array(message, { minLength: 1, maxLength: 3 }).map((traj) => [{ task_id: 1, traj }]),
  );
  const record = fc.oneof(
    message,
    fc.record({ type: fc.constantFrom('user', 'assistant', 'progress'), message: fc.constant({ role: 'user', content: 'x' }) }),
    fc.record({ type: fc.constantFrom('response_item', 'event_msg'), payload: fc.constant({ type: 'message', role: 'user', content: [] }) }),
  );
  const lines = fc.array(record, { minLength: 1, maxLength: 4 });

  /** The change on purpose: Responses read only because of `type: "message"`, while the blocks are Anthropic's. */
  const anthropicResponsesSaved = (source: TranscriptSource): boolean =>
    source.kind === 'document' &&
    byId('anthropic').detect(source).confidence > byId('openai-responses').detect(source).confidence &&
    byId('openai-responses').detect(source).reads;

  it('on generated documents and JSON Lines', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          document.map((value): TranscriptSource => ({ kind: 'document', value })),
          lines.map((records): TranscriptSource => ({ kind: 'lines', lines: records.map((value, i) => ({ line: i + 1, value })), warnings: [] })),
        ),
        (source) => {
          if (anthropicResponsesSaved(source)) expect(winner(source)).toBe('anthropic');
          else expect(winner(source)).toBe(oldWinner(source));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('Anthropic response objects saved as a list read as Anthropic (they read as Responses before)', () => {
    const text = JSON.stringify([
      { type: 'message', role: 'user', content: 'list the files' },
      { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
    ]);
    expect(parseTranscript(text).format).toBe('anthropic');
    expect(oldWinner({ kind: 'document', value: JSON.parse(text) })).toBe('openai-responses');
  });

  it('an input no format reads names the most confident as closest', () => {
    // Three messages fit Chat before a bad one; Anthropic stops at the first (role "system").
    const text = JSON.stringify([{ role: 'system', content: 'x' }, { role: 'user', content: 'y' }, { role: 'tool', content: 'z', tool_call_id: 'a' }, { role: 'robot', content: 'w' }]);
    const error = (() => {
      try {
        parseTranscript(text);
      } catch (e) {
        return e as TranscriptParseError;
      }
      throw new Error('parsed');
    })();
    expect(error.closestFormat).toBe('openai-chat');
    expect(error.message).toContain('Closest: OpenAI Chat Completions JSON, but message 4 has role "robot".');
  });
});

/**
 * The agent formats of issue 20 read files no earlier format read (a `history` object, `{ messages }` with
 * mini-SWE-agent's markers, LangChain's typed records), so they take their own files and nothing else: the generated
 * documents of the old formats above keep their old winners, and these go to the format that wrote them.
 */
describe('agent formats win their own files', () => {
  const chat = fc.record({ role: fc.constantFrom('system', 'user', 'assistant', 'tool'), content: fc.constantFrom('hi', '') });
  const messages = fc.array(chat, { minLength: 1, maxLength: 4 });
  const sweAgent = fc.record(
    {
      history: messages.map((list) => list.map((m) => ({ ...m, agent: 'main' }))),
      trajectory: fc.constant([{ action: 'ls', observation: '' }]),
      info: fc.constant({ model_stats: { instance_cost: 0, api_calls: 1 } }),
    },
    { requiredKeys: ['history'] },
  );
  const mini = fc
    .record({ messages, info: fc.constant({ model_stats: { instance_cost: 0, api_calls: 1 } }), trajectory_format: fc.constant('mini-swe-agent-1.1'), exit: fc.boolean() }, { requiredKeys: ['messages', 'exit'] })
    .filter((v) => v.info !== undefined || v.trajectory_format !== undefined || v.exit)
    .map(({ exit, ...v }) => ({ ...v, messages: exit ? [...v.messages, { role: 'exit', content: '' }] : v.messages }));
  const lcMessage = fc.record({ type: fc.constantFrom('human', 'ai', 'tool', 'system'), content: fc.constantFrom('hi', '') });
  const langchain = fc.oneof(
    fc.array(lcMessage.map((m) => ({ type: m.type, data: m })), { minLength: 1, maxLength: 4 }),
    fc.array(lcMessage, { minLength: 1, maxLength: 4 }),
    fc.array(lcMessage, { minLength: 1, maxLength: 4 }).map((list) => ({ values: { messages: list }, next: [] })),
  );

  it.each([
    ['swe-agent', sweAgent],
    ['mini-swe-agent', mini],
    ['langchain', langchain],
  ] as const)('%s', (id, files) => {
    fc.assert(
      fc.property(files, (value) => {
        expect(winner({ kind: 'document', value })).toBe(id);
      }),
    );
  });

  it('a `{ messages }` request body without mini-SWE-agent’s markers is still read as before', () => {
    fc.assert(
      fc.property(messages, (list) => {
        expect(byId('mini-swe-agent').detect({ kind: 'document', value: { messages: list } }).reads).toBe(false);
      }),
    );
  });
});

describe('detection: Gemini CLI sessions and OpenHands event streams take their own files and no other', () => {
  it('generated sessions and streams are each read by their format (the documents above, by the old readers)', () => {
    fc.assert(
      fc.property(geminiSessionCase, openHandsStreamCase, (session, stream) => {
        expect(parseTranscript(session.text).format).toBe('gemini-cli');
        expect(parseTranscript(stream.text).format).toBe('openhands');
      }),
      { numRuns: 200 },
    );
  });
});

describe('detection: the AI SDK and OpenTelemetry GenAI formats take their own files and no other', () => {
  it('generated ModelMessage[], UIMessage[] and GenAI traces are each read by their format', () => {
    fc.assert(
      fc.property(toolRun, fc.boolean(), (run, structured) => {
        const document = (value: unknown): TranscriptSource => ({ kind: 'document', value: JSON.parse(JSON.stringify(value)) as unknown });
        // Text turns alone are no AI SDK evidence: any reader of `{ role, content }` takes those.
        const own = run.some((t) => t.steps.some((s) => s.calls.length > 0 || s.reasoning !== undefined));
        expect(winner(document(modelMessagesOf(run)))).toBe(own ? 'ai-sdk' : 'anthropic');
        expect(winner(document({ messages: modelMessagesOf(run) }))).toBe(own ? 'ai-sdk' : 'anthropic');
        expect(winner(document(uiMessagesOf(run)))).toBe('ai-sdk-ui');
        expect(winner(document(otelTraceOf(run, structured, 'compact')))).toBe('otel-genai');
      }),
      { numRuns: 300 },
    );
  });

  it('a Chat tool message of text parts, or an Anthropic image, is not taken for an AI SDK file', () => {
    const chat: TranscriptSource = { kind: 'document', value: [{ role: 'user', content: 'q' }, { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: 'x' }] }] };
    expect(winner(chat)).toBe('openai-chat');
    const anthropic: TranscriptSource = { kind: 'document', value: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'x' } }] }] };
    expect(winner(anthropic)).toBe('anthropic');
  });
});
