import type { Message } from '../../types';
import type { Probe } from './types';
import { toolResultText } from '../../text/tool-result-text';
import { stringOrJson } from '../../text/string-or-json';
import { referenceTokens } from './reference-tokens';

/** A token worth tracing (`referenceTokens`) holds `_ . / -`, a digit or an inner capital. */
const DISTINCT = /[_./\d-]|[a-z][A-Z]/;
/** Read of each result and of each later message: references sit near the start, and every result pays for this. */
const RESULT_CHARS = 2000;
const MESSAGE_CHARS = 4000;
const TOKENS_PER_RESULT = 12;
/** Tokens remembered at most: a 100k-message transcript stays within a few tens of MB. */
const MAX_TOKENS = 400_000;

/**
 * Decision probes for tool results the agent relied on later: a result holds a distinctive token (an identifier, a
 * path, an id: not one its own call's input held) that an assistant message after the reply to it writes again, in
 * its text or a call's input. One probe per such result, its fact that token. The reply right after a result is not
 * counted: every lane sends it with its result, so only references across turns tell strategies apart. Results that
 * failed are left to the error probes. O(n) over the first 2,000 characters of each result and 4,000 of each message.
 */
export function findReferencedResults(messages: readonly Message[], failed: ReadonlySet<number>): Probe[] {
  const inputs = new Map<string, string>();
  const holder = new Map<string, number>();
  const probes = new Map<number, Probe>();
  /** Per result message: the index of the first assistant message after it (its reply). */
  const replyOf = new Map<number, number>();
  let awaitingReply: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const content = message.content;
    if (message.role === 'assistant') {
      for (const j of awaitingReply) replyOf.set(j, i);
      awaitingReply = [];
      const text = assistantText(content, inputs);
      for (const token of referenceTokens(text)) {
        const j = holder.get(token);
        if (j === undefined || probes.has(j) || (replyOf.get(j) ?? i) >= i) continue;
        probes.set(j, { id: `reference:${j}`, family: 'decision', kind: 'reference', messageIndex: j, messages: [j], site: 'result', fact: token, weight: 1 });
      }
      continue;
    }
    if (!Array.isArray(content) || failed.has(i)) continue;
    let holds = false;
    for (const block of content) {
      if (block === null || typeof block !== 'object' || block.type !== 'tool_result') continue;
      const input = inputs.get(String(block.tool_use_id)) ?? '';
      inputs.delete(String(block.tool_use_id));
      const text = toolResultText(block.content);
      let taken = 0;
      for (const token of referenceTokens(text.length > RESULT_CHARS ? text.slice(0, RESULT_CHARS) : text)) {
        if (taken >= TOKENS_PER_RESULT) break;
        if (!DISTINCT.test(token) || input.includes(token)) continue;
        if (holder.size >= MAX_TOKENS && !holder.has(token)) break;
        holder.set(token, i);
        holds = true;
        taken++;
      }
    }
    if (holds) awaitingReply.push(i);
  }
  return [...probes.values()].sort((a, b) => a.messageIndex - b.messageIndex);
}

/** An assistant message's text and calls' inputs, its first 4,000 characters; each call's input is remembered by id. */
function assistantText(content: Message['content'], inputs: Map<string, string>): string {
  if (typeof content === 'string') return content.slice(0, MESSAGE_CHARS);
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    if (block.type === 'text' && typeof block.text === 'string') text += `${block.text.slice(0, MESSAGE_CHARS)}\n`;
    else if (block.type === 'tool_use') {
      const input = stringOrJson(block.input).slice(0, MESSAGE_CHARS);
      inputs.set(String(block.id), input);
      text += `${input}\n`;
    }
    if (text.length >= MESSAGE_CHARS) break;
  }
  return text.slice(0, MESSAGE_CHARS);
}

