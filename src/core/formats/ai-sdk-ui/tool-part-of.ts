import { isRecord } from '../is-record';

/** A tool part of a `UIMessage`, whatever version wrote it. */
export interface UiToolPart {
  name: string;
  toolCallId: string;
  state: string;
  input: unknown;
  output: unknown;
  errorText: unknown;
  approval: Record<string, unknown> | undefined;
  providerExecuted: boolean;
}

/**
 * The tool call a `UIMessage` part holds, or `undefined` for a part that is not one: `tool-<name>` (its name after
 * the dash), `dynamic-tool` (`toolName`), and AI SDK 4's `tool-invocation` (`toolInvocation` with states `partial-call`,
 * `call` and `result`, read as `input-streaming`, `input-available` and `output-available`).
 */
export function toolPartOf(part: Record<string, unknown>): UiToolPart | undefined {
  const type = typeof part.type === 'string' ? part.type : '';
  if (type === 'tool-invocation' && isRecord(part.toolInvocation)) {
    const call = part.toolInvocation;
    const state = call.state === 'result' ? 'output-available' : call.state === 'partial-call' ? 'input-streaming' : 'input-available';
    return {
      name: typeof call.toolName === 'string' ? call.toolName : '',
      toolCallId: typeof call.toolCallId === 'string' ? call.toolCallId : '',
      state,
      input: call.args,
      output: call.result,
      errorText: undefined,
      approval: undefined,
      providerExecuted: false,
    };
  }
  if (type !== 'dynamic-tool' && !type.startsWith('tool-')) return undefined;
  return {
    name: type === 'dynamic-tool' ? (typeof part.toolName === 'string' ? part.toolName : '') : type.slice('tool-'.length),
    toolCallId: typeof part.toolCallId === 'string' ? part.toolCallId : '',
    state: typeof part.state === 'string' ? part.state : '',
    input: 'input' in part ? part.input : part.rawInput,
    output: part.output,
    errorText: part.errorText,
    approval: isRecord(part.approval) ? part.approval : undefined,
    providerExecuted: part.providerExecuted === true,
  };
}
