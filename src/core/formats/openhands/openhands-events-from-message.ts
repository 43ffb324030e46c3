import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../../types';
import { isRecord } from '../is-record';
import { observationWithText } from './observation-with-text';

type Rec = Record<string, unknown>;

/** Where a message's events come from: its own records (empty for a message made elsewhere) and fresh ids. */
export interface EventTemplates {
  /** The events the message was read from, and, for results, any observation of the conversation by call id. */
  records: readonly Rec[];
  findObservation(callId: string): Rec | undefined;
  /** The call a result answers, among the messages written before it. */
  findCall(callId: string): ToolUseBlock | undefined;
  nextId(): number;
  timestamp: unknown;
}

/** Action types OpenHands gives its built-in tools; any other tool is an MCP call. */
const ACTIONS: Record<string, [string, string]> = {
  execute_bash: ['run', 'run'],
  execute_ipython_cell: ['run_ipython', 'run_ipython'],
  str_replace_editor: ['edit', 'edit'],
  think: ['think', 'think'],
  finish: ['finish', ''],
  browser: ['browse_interactive', 'browse'],
  web_read: ['browse', 'browse'],
  task_tracker: ['task_tracking', 'task_tracking'],
};

/**
 * The events that say `message` (changed by the repair or a strategy, or of another format): an assistant message
 * is one action per call, each embedding a `model_response` that holds the message's text and every call (so reading
 * it back gives the message), built on the original action when there is one; text alone is an agent `message`
 * action. A user message is an observation per result (the original one with its new text, else a new one) and a
 * user `message` action for its text and images.
 */
export function openHandsEventsFromMessage(message: Message, from: EventTemplates): Rec[] {
  const blocks: ContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const text = blocks.filter((b) => b.type === 'text').map((b) => String(b.text ?? '')).join('\n\n');
  const base = (): Rec => ({ id: from.nextId(), timestamp: from.timestamp });
  if (message.role === 'assistant') {
    const uses = blocks.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    const thinking = blocks.filter((b) => b.type === 'thinking');
    if (uses.length === 0) {
      const template = from.records.find((r) => r.action === 'message' && r.source === 'agent') ?? from.records.find((r) => typeof r.action === 'string');
      const args = isRecord(template?.args) ? template.args : { image_urls: null, file_urls: null, wait_for_response: false };
      const { tool_call_metadata: _drop, ...rest } = template ?? base();
      return [{ ...rest, source: 'agent', message: text, action: 'message', args: { ...args, content: text } }];
    }
    const actions = from.records.filter((r) => typeof r.action === 'string' && isRecord(r.tool_call_metadata));
    const original = isRecord(actions[0]?.tool_call_metadata) ? (actions[0].tool_call_metadata as Rec).model_response : undefined;
    const response: Rec = isRecord(original) ? { ...original } : { id: `prunescope-response-${from.nextId()}`, object: 'chat.completion' };
    const choices = Array.isArray(response.choices) && isRecord(response.choices[0]) ? (response.choices as Rec[]) : [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant' } }];
    const choice = choices[0] as Rec;
    const said = isRecord(choice.message) ? choice.message : { role: 'assistant' };
    const calls = Array.isArray(said.tool_calls) ? (said.tool_calls as unknown[]) : [];
    const toolCalls = uses.map((use, k) => {
      const call = calls.find((c) => isRecord(c) && c.id === use.id);
      const fn = isRecord(call) && isRecord(call.function) ? call.function : undefined;
      const same = fn !== undefined && fn.name === use.name && argumentsMatch(fn.arguments, use.input);
      return same ? call : { index: k + 1, function: { arguments: typeof use.input === 'string' ? use.input : JSON.stringify(use.input), name: use.name }, id: use.id, type: 'function' };
    });
    const next: Rec = { ...said, content: text === '' && said.content === null ? null : text, tool_calls: toolCalls };
    if (thinking.length > 0 && !Array.isArray(said.thinking_blocks) && typeof said.reasoning_content !== 'string') next.thinking_blocks = thinking;
    response.choices = [{ ...choice, message: next }, ...choices.slice(1)];
    return uses.map((use) => {
      const action = actions.find((a) => (a.tool_call_metadata as Rec).tool_call_id === use.id);
      const metadata = { function_name: use.name, tool_call_id: use.id, model_response: response, total_calls_in_response: uses.length };
      if (action !== undefined) return { ...action, tool_call_metadata: { ...(action.tool_call_metadata as Rec), model_response: response, total_calls_in_response: uses.length } };
      const [type] = ACTIONS[use.name] ?? ['call_tool_mcp', 'mcp'];
      return { ...base(), source: 'agent', message: '', action: type, tool_call_metadata: metadata, args: isRecord(use.input) ? use.input : {} };
    });
  }

  const events: Rec[] = [];
  for (const block of blocks) {
    if (block.type !== 'tool_result') continue;
    const result = block as ToolResultBlock;
    const said = typeof result.content === 'string' ? result.content : (result.content ?? []).filter((b) => b.type === 'text').map((b) => String(b.text ?? '')).join('\n\n');
    const original = from.records.find((r) => typeof r.observation === 'string' && isRecord(r.tool_call_metadata) && r.tool_call_metadata.tool_call_id === result.tool_use_id) ?? from.findObservation(result.tool_use_id);
    if (original !== undefined) {
      events.push(observationWithText(original, said));
      continue;
    }
    const use = from.findCall(result.tool_use_id);
    const type = result.is_error === true ? 'error' : (ACTIONS[use?.name ?? '']?.[1] || 'mcp');
    const metadata = { function_name: use?.name ?? '', tool_call_id: result.tool_use_id, model_response: {}, total_calls_in_response: 1 };
    const observation: Rec = { ...base(), source: 'agent', message: '', observation: type, tool_call_metadata: metadata, content: said, extras: {} };
    events.push(result.is_error === true ? observationWithText(observation, said) : observation);
  }
  const images = blocks.filter((b) => b.type === 'image');
  if (text !== '' || images.length > 0) {
    const template = from.records.find((r) => r.action === 'message' && r.source === 'user');
    const urls = images.map((b) => {
      const source = (b.source ?? {}) as { type?: unknown; media_type?: unknown; data?: unknown; url?: unknown };
      return source.type === 'base64' ? `data:${String(source.media_type)};base64,${String(source.data)}` : String(source.url ?? '');
    });
    const args = isRecord(template?.args) ? template.args : { file_urls: null, wait_for_response: false };
    events.push({ ...(template ?? base()), source: 'user', message: text, action: 'message', args: { ...args, content: text, image_urls: urls.length > 0 ? urls : isRecord(template?.args) ? template.args.image_urls : null } });
  }
  return events;
}

function argumentsMatch(raw: unknown, input: unknown): boolean {
  if (typeof raw !== 'string') return false;
  try {
    return JSON.stringify(JSON.parse(raw)) === JSON.stringify(input);
  } catch {
    return raw === input;
  }
}
