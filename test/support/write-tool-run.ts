import { stringifyJsonStyled } from '../../src/core/formats/stringify-json-styled';
import type { RunCall, RunTurn } from './tool-run-arbitrary';

/** How a generated file is laid out: `JSON.stringify` with or without indentation, or Python's `json.dumps`. */
export type JsonLayout = 'compact' | 'indent-2' | 'python';

export function writeJson(value: unknown, layout: JsonLayout): string {
  if (layout === 'indent-2') return JSON.stringify(value, null, 2);
  if (layout === 'python') return stringifyJsonStyled(value, { indent: '', afterColon: ' ', afterComma: ' ', asciiOnly: true, htmlEscaped: false });
  return JSON.stringify(value);
}

const denied = (call: RunCall) => call.result?.kind === 'denied';
const pending = (call: RunCall) => call.approval === true && call.result === undefined;

/** The run as AI SDK `ModelMessage[]`, as `generateText`'s `response.messages` and the app's own turns write it. */
export function modelMessagesOf(run: readonly RunTurn[]): unknown[] {
  const out: unknown[] = [];
  for (const turn of run) {
    out.push({ role: 'user', content: turn.user });
    for (const step of turn.steps) {
      const content: unknown[] = [];
      if (step.reasoning !== undefined) content.push({ type: 'reasoning', text: step.reasoning, providerOptions: { anthropic: { signature: 'sig' } } });
      if (step.text !== undefined) content.push({ type: 'text', text: step.text });
      for (const call of step.calls) {
        content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input });
        if (call.approval === true && (pending(call) || denied(call))) content.push({ type: 'tool-approval-request', approvalId: `ap-${call.id}`, toolCallId: call.id });
      }
      out.push({ role: 'assistant', content });
      const results: unknown[] = [];
      for (const call of step.calls) {
        if (call.approval === true && denied(call)) results.push({ type: 'tool-approval-response', approvalId: `ap-${call.id}`, approved: false, reason: call.result?.value });
        if (call.result === undefined) continue;
        const { kind, value } = call.result;
        const output = kind === 'json' ? { type: 'json', value: value === 'null' ? null : { value } } : kind === 'error' ? { type: 'error-text', value } : kind === 'denied' ? { type: 'execution-denied', reason: value } : { type: 'text', value };
        results.push({ type: 'tool-result', toolCallId: call.id, toolName: call.name, output });
      }
      if (results.length > 0) out.push({ role: 'tool', content: results });
    }
  }
  return out;
}

/** The run as AI SDK `UIMessage[]`: a user message and an assistant message of steps per turn, as `useChat` saves them. */
export function uiMessagesOf(run: readonly RunTurn[]): unknown[] {
  const out: unknown[] = [];
  run.forEach((turn, t) => {
    out.push({ id: `u${t}`, role: 'user', parts: [{ type: 'text', text: turn.user }] });
    const parts: unknown[] = [];
    turn.steps.forEach((step, s) => {
      parts.push({ type: 'step-start' });
      if (step.reasoning !== undefined) parts.push({ type: 'reasoning', text: step.reasoning, state: 'done' });
      if (step.text !== undefined) parts.push({ type: 'text', text: step.text, state: 'done' });
      if (s === 0) parts.push({ type: 'data-status', data: { step: s } });
      for (const call of step.calls) {
        const base = { type: `tool-${call.name}`, toolCallId: call.id, input: call.input };
        const approval = call.approval === true ? { id: `ap-${call.id}` } : undefined;
        if (call.result === undefined) parts.push(approval ? { ...base, state: 'approval-requested', approval } : { ...base, state: 'input-available' });
        else if (call.result.kind === 'denied') parts.push({ ...base, state: 'output-denied', approval: { id: `ap-${call.id}`, approved: false, reason: call.result.value } });
        else if (call.result.kind === 'error') parts.push({ ...base, state: 'output-error', errorText: call.result.value });
        else parts.push({ ...base, state: 'output-available', output: call.result.kind === 'json' ? { value: call.result.value } : call.result.value });
      }
    });
    out.push({ id: `a${t}`, role: 'assistant', metadata: { totalUsage: { inputTokens: 100 * (t + 1), outputTokens: 10 } }, parts });
  });
  return out;
}

/** GenAI messages (`{ role, parts }`) of the run up to and including each step's answer, as OpenAI instrumentations write them. */
function genAiMessages(run: readonly RunTurn[]): { history: unknown[]; answers: number[] } {
  const history: unknown[] = [];
  const answers: number[] = [];
  for (const turn of run) {
    history.push({ role: 'user', parts: [{ type: 'text', content: turn.user }] });
    for (const step of turn.steps) {
      const parts: unknown[] = [];
      if (step.reasoning !== undefined) parts.push({ type: 'reasoning', content: step.reasoning });
      if (step.text !== undefined) parts.push({ type: 'text', content: step.text });
      for (const call of step.calls) parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: call.input });
      answers.push(history.length);
      history.push({ role: 'assistant', parts });
      step.calls.forEach((call, k) => {
        // Some instrumentations leave a response's id out: the reader pairs it by position.
        if (call.result !== undefined) history.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: k === 1 ? null : call.id, response: call.result.value }] });
      });
    }
  }
  return { history, answers };
}

/** The run as an OTLP/JSON trace: a chat span per step (its input so far, its answer, its usage) under an agent span. */
export function otelTraceOf(run: readonly RunTurn[], structured: boolean, layout: JsonLayout): unknown {
  const { history, answers } = genAiMessages(run);
  const encode = (list: unknown[]) => (structured ? { arrayValue: { values: list.map(anyValue) } } : { stringValue: writeJson(list, layout === 'indent-2' ? 'compact' : layout) });
  const spans = answers.map((at, k) => ({
    traceId: 't1',
    spanId: `s${k}`,
    name: 'chat gpt-4o',
    endTimeUnixNano: String(1000 + k),
    attributes: [
      { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
      { key: 'gen_ai.input.messages', value: encode(history.slice(0, at)) },
      { key: 'gen_ai.output.messages', value: encode([history[at]]) },
      { key: 'gen_ai.usage.input_tokens', value: { intValue: String(50 * (k + 1)) } },
      { key: 'gen_ai.usage.output_tokens', value: { intValue: 7 } },
    ],
  }));
  const agent = { traceId: 't1', spanId: 'agent', name: 'invoke_agent a', attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'invoke_agent' } }, { key: 'gen_ai.usage.input_tokens', value: { intValue: '999' } }] };
  return { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'test' }, spans: [agent, ...spans.reverse()] }] }] };
}

function anyValue(value: unknown): unknown {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') return { intValue: String(value) };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (value !== null && typeof value === 'object') return { kvlistValue: { values: Object.entries(value).map(([key, v]) => ({ key, value: anyValue(v) })) } };
  return {};
}
