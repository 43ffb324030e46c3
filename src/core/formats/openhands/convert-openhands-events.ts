import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import type { MessageAnnotation } from '../format-types';
import { isRecord } from '../is-record';
import { parseToolArguments } from '../parse-tool-arguments';
import { observationText } from './observation-text';

type Rec = Record<string, unknown>;

/** An event of the list OpenHands turns into messages; `summary` marks a condensation's summary put in its place. */
export interface OpenHandsItem {
  event: Rec;
  summary?: string;
}

export interface OpenHandsMessages {
  messages: Message[];
  sources: Rec[][];
  annotations: (MessageAnnotation | undefined)[];
  /** Events left out on purpose, by `action` / `observation` type. */
  skipped: string[];
}

/** Events that tell nothing the model was sent: agent state, "No observation", recalls, condensation requests. */
const BOOKKEEPING = new Set(['agent_state_changed', 'change_agent_state', 'null', 'recall', 'condensation_request', 'loop_recovery', 'loop_detection', 'pause', 'resume', 'stop', 'system', 'condensation']);

interface Group {
  response: Rec | undefined;
  actions: Rec[];
  /** The response's calls, or the actions' own ids when it lists none. */
  callIds: string[];
  results: Map<string, Rec>;
}

/**
 * OpenHands events as canonical messages, the way `ConversationMemory.process_events` builds what it sends:
 *
 * - the actions of one model response (same `model_response.id`) are one assistant message: the response's text,
 *   its `reasoning_content` / `thinking_blocks` as thinking, and a `tool_use` per call with the arguments the model
 *   wrote (`choices[0].message.tool_calls`), not OpenHands' translation in `args`; the observations answering them
 *   (by `tool_call_metadata.tool_call_id`) are one user message of results, in call order, once all are in (or when
 *   something else happens first). A `finish` call has no observation: a call without a result, for the repair.
 * - user messages (with `image_urls`), agent messages, commands the user ran, observations no call asked for, and
 *   a condensation's summary are messages of their own.
 * - bookkeeping (agent state changes, "No observation", recalls, the system prompt) goes with the message before it.
 */
export function convertOpenHandsEvents(items: readonly OpenHandsItem[]): OpenHandsMessages {
  const out: OpenHandsMessages = { messages: [], sources: [], annotations: [], skipped: [] };
  const groups = new Map<string, Group>();
  let leading: Rec[] = [];
  const push = (message: Message, sources: Rec[], annotation?: MessageAnnotation): void => {
    out.messages.push(message);
    out.sources.push([...leading, ...sources]);
    out.annotations.push(annotation);
    leading = [];
  };
  const attach = (event: Rec): void => {
    const last = out.sources[out.sources.length - 1];
    if (last === undefined) leading.push(event);
    else last.push(event);
  };
  const flush = (group: Group): void => {
    groups.forEach((g, key) => g === group && groups.delete(key));
    const { message, uses } = assistantOf(group);
    push(message, group.actions);
    const results: ToolResultBlock[] = [];
    const observed: Rec[] = [];
    for (const id of uses) {
      const observation = group.results.get(id);
      if (observation === undefined) continue;
      results.push(resultOf(id, observation));
      observed.push(observation);
    }
    if (results.length > 0) push({ role: 'user', content: results }, observed);
  };
  const flushAll = (): void => [...new Set(groups.values())].forEach(flush);

  for (const { event, summary } of items) {
    if (summary !== undefined) {
      flushAll();
      push({ role: 'user', content: summary }, [event], { compactSummary: true });
      continue;
    }
    const type = typeof event.action === 'string' ? event.action : typeof event.observation === 'string' ? event.observation : '';
    const metadata = isRecord(event.tool_call_metadata) ? event.tool_call_metadata : undefined;
    const callId = typeof metadata?.tool_call_id === 'string' ? metadata.tool_call_id : undefined;
    if (typeof event.action === 'string' && metadata !== undefined && callId !== undefined) {
      const response = isRecord(metadata.model_response) ? metadata.model_response : undefined;
      const key = typeof response?.id === 'string' ? response.id : `call:${callId}`;
      let group = groups.get(key);
      if (group === undefined) {
        flushAll();
        group = { response, actions: [], callIds: responseCalls(response).map((c) => c.id), results: new Map() };
        groups.set(key, group);
      }
      group.actions.push(event);
      if (!group.callIds.includes(callId)) group.callIds.push(callId);
      groups.set(`call:${callId}`, group);
      continue;
    }
    if (typeof event.observation === 'string' && callId !== undefined && !BOOKKEEPING.has(type)) {
      const group = groups.get(`call:${callId}`) ?? [...groups.values()].find((g) => g.callIds.includes(callId));
      if (group !== undefined && !group.results.has(callId)) {
        group.results.set(callId, event);
        if (group.callIds.every((id) => group.results.has(id))) flush(group);
        continue;
      }
      flushAll();
      const { text, isError } = observationText(event);
      push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: callId, content: text, ...(isError ? { is_error: true } : {}) }] }, [event]);
      continue;
    }
    if (BOOKKEEPING.has(type) || (event.source === 'environment' && typeof event.action === 'string')) {
      out.skipped.push(type);
      attach(event);
      continue;
    }
    flushAll();
    const message = plainMessage(event, type);
    if (message === undefined) {
      out.skipped.push('empty');
      attach(event);
    } else {
      push(message, [event], type === 'condense' ? { compactSummary: true } : undefined);
    }
  }
  flushAll();
  // Bookkeeping before any message goes with the first one.
  if (leading.length > 0) out.sources[0]?.unshift(...leading);
  return out;
}

function responseMessage(response: Rec | undefined): Rec | undefined {
  const choice = Array.isArray(response?.choices) ? response.choices[0] : undefined;
  return isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
}

function responseCalls(response: Rec | undefined): { id: string; name: string; input: unknown }[] {
  const calls = responseMessage(response)?.tool_calls;
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((call) => {
    if (!isRecord(call) || typeof call.id !== 'string') return [];
    const fn = isRecord(call.function) ? call.function : {};
    return [{ id: call.id, name: typeof fn.name === 'string' ? fn.name : '', input: parseToolArguments(fn.arguments ?? '{}') }];
  });
}

function assistantOf(group: Group): { message: Message; uses: string[] } {
  const message = responseMessage(group.response);
  const blocks: ContentBlock[] = [];
  const thinking = message?.thinking_blocks;
  if (Array.isArray(thinking) && thinking.length > 0) {
    for (const block of thinking) if (isRecord(block) && typeof block.type === 'string') blocks.push(block as ContentBlock);
  } else if (typeof message?.reasoning_content === 'string' && message.reasoning_content.trim() !== '') {
    blocks.push({ type: 'thinking', thinking: message.reasoning_content });
  }
  const text = textOf(message?.content);
  if (text.trim() !== '') blocks.push({ type: 'text', text });
  // Only the calls OpenHands ran: a call of the response with no action (forgotten, or never parsed) was not sent.
  const acted = new Map<string, Rec>();
  for (const action of group.actions) acted.set(String((action.tool_call_metadata as Rec).tool_call_id), action);
  const calls = responseCalls(group.response);
  const uses: string[] = [];
  for (const call of calls) {
    if (!acted.has(call.id) || uses.includes(call.id)) continue;
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.input });
    uses.push(call.id);
  }
  for (const [id, action] of acted) {
    if (uses.includes(id)) continue;
    const metadata = action.tool_call_metadata as Rec;
    blocks.push({ type: 'tool_use', id, name: typeof metadata.function_name === 'string' ? metadata.function_name : String(action.action), input: action.args ?? {} });
    uses.push(id);
  }
  return { message: { role: 'assistant', content: blocks }, uses };
}

function resultOf(id: string, observation: Rec): ToolResultBlock {
  const { text, isError } = observationText(observation);
  const block: ToolResultBlock = { type: 'tool_result', tool_use_id: id, content: text };
  if (isError) block.is_error = true;
  return block;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : [])).join('\n\n');
}

/** Messages that are no tool call or result: what users and agents say, commands users run, stray observations. */
function plainMessage(event: Rec, type: string): Message | undefined {
  const args = isRecord(event.args) ? event.args : {};
  const said = typeof event.message === 'string' ? event.message : '';
  if (typeof event.observation === 'string') {
    const { text } = observationText(event);
    return text.trim() === '' ? undefined : { role: 'user', content: text };
  }
  if (event.source === 'user') {
    if (type === 'run') return { role: 'user', content: `User executed the command:\n${typeof args.command === 'string' ? args.command : said}` };
    const text = type === 'message' && typeof args.content === 'string' ? args.content : said;
    const images = imagesOf(args.image_urls);
    if (images.length === 0) return text.trim() === '' ? undefined : { role: 'user', content: text };
    return { role: 'user', content: [...(text.trim() === '' ? [] : [{ type: 'text' as const, text }]), ...images] };
  }
  // The agent: a message, a finish without its call, or an action written as text (no function calling).
  const parts = type === 'message' ? [typeof args.content === 'string' ? args.content : said] : [args.thought, args.final_thought, said];
  const text = [...new Set(parts.filter((p): p is string => typeof p === 'string' && p.trim() !== ''))].join('\n\n');
  return text === '' ? undefined : { role: 'assistant', content: text };
}

function imagesOf(urls: unknown): ContentBlock[] {
  if (!Array.isArray(urls)) return [];
  return urls.flatMap((url): ContentBlock[] => {
    if (typeof url !== 'string' || url.trim() === '') return [];
    const comma = url.indexOf(',');
    if (url.startsWith('data:') && comma !== -1 && url.slice(0, comma).endsWith(';base64')) {
      return [{ type: 'image', source: { type: 'base64', media_type: url.slice(5, comma - 7), data: url.slice(comma + 1) } }];
    }
    return [{ type: 'image', source: { type: 'url', url } }];
  });
}
