import type { Message } from '../../types';
import type { ValidationProblem } from '../format-types';

/** One turn as the API sees it after merging consecutive messages of the same role. */
interface Turn {
  role: unknown;
  /** Original index of the first message of the run. */
  first: number;
  /** The merged content, each block with the original message it came from. */
  blocks: { block: Record<string, unknown>; message: number }[];
}

/**
 * Checks canonical messages the way the Anthropic Messages API checks a request, returning what it would answer.
 *
 * The API merges consecutive turns of the same role before it checks tool pairing, so pairing is checked on the
 * merged turns: `messages.N` / `content.K` in the texts are positions in the merged request (equal to the input's
 * when roles alternate), while `messageIndex` always points into the given array, at the message that holds the
 * offending block (for "Did not find …", the first message of the user run whose beginning lacks the results).
 * Content checks (empty content, text blocks, trailing whitespace) are per message, before merging.
 *
 * Rules, with the API's texts:
 * - `anthropic/tool-use-without-result`: a `tool_use` whose id has no `tool_result` at the beginning of the next
 *   turn (or no next turn at all): "messages.N: `tool_use` ids were found without `tool_result` blocks
 *   immediately after: ID, …. Each `tool_use` block must have a corresponding `tool_result` block in the next
 *   message."
 * - `anthropic/tool-result-not-first`: the next user turn holds the results, but after other content: "messages.N:
 *   Did not find K `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks
 *   must begin with a matching number of `tool_result` blocks."
 * - `anthropic/unexpected-tool-result`: a `tool_result` whose id is not a `tool_use` of the previous turn:
 *   "messages.N.content.K: unexpected `tool_use_id` found in `tool_result` blocks: ID. Each `tool_result` block
 *   must have a corresponding `tool_use` block in the previous message."
 * - `anthropic/duplicate-tool-use-id`: two `tool_use` blocks with one id in the same assistant turn:
 *   "messages.N.content.K: `tool_use` ids must be unique". (Ids reused in later turns, as tau-bench logs do, are
 *   not flagged: no source shows the API rejecting them.)
 * - `anthropic/duplicate-tool-result`: a second `tool_result` for the same `tool_use` in one turn:
 *   "messages.N.content.K: each tool_use must have a single result. Found multiple `tool_result` blocks with id: ID"
 * - `anthropic/unexpected-server-tool-result`: a `*_tool_result` (web search, code execution, …) with no
 *   `server_tool_use` before it in the same assistant turn: "messages.N.content.K: unexpected `tool_use_id` found
 *   in `web_search_tool_result` blocks: ID. Each `web_search_tool_result` block must have a corresponding
 *   `server_tool_use` block before it." A final assistant turn ending in an unanswered `server_tool_use`
 *   (`pause_turn`) is valid: the API continues it.
 * - `anthropic/empty-content`: "messages.N: all messages must have non-empty content except for the optional final
 *   assistant message".
 * - `anthropic/empty-text-block`: "messages: text content blocks must be non-empty".
 * - `anthropic/whitespace-text-block`: "messages: text content blocks must contain non-whitespace text".
 * - `anthropic/final-assistant-trailing-whitespace`: "messages: final assistant content cannot end with trailing
 *   whitespace".
 *
 * Not checked: the first message's role (the first-party API accepts an assistant first; Bedrock does not), rules
 * that depend on request fields the messages do not carry (thinking, tools, model-specific prefill support).
 */
export function validateAnthropic(messages: readonly Message[]): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  checkContent(messages, problems);

  const turns = mergeTurns(messages);
  for (let t = 0; t < turns.length; t++) {
    const turn = turns[t] as Turn;
    if (turn.role === 'assistant') {
      checkServerResults(turn, t, problems);
      checkToolUses(turn, t, turns[t + 1], problems);
    } else {
      const previous = turns[t - 1];
      checkToolResults(turn, t, previous?.role === 'assistant' ? toolUseIds(previous) : new Set(), problems);
    }
  }
  return problems.sort((a, b) => a.messageIndex - b.messageIndex);
}

function checkContent(messages: readonly Message[], problems: ValidationProblem[]): void {
  const last = messages.length - 1;
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m] as Message;
    const finalAssistant = m === last && message.role === 'assistant';
    const content = message.content;
    if ((typeof content === 'string' && content === '') || (Array.isArray(content) && content.length === 0)) {
      if (!finalAssistant) {
        problems.push({
          messageIndex: m,
          rule: 'anthropic/empty-content',
          message: `messages.${m}: all messages must have non-empty content except for the optional final assistant message`,
        });
      }
      continue;
    }
    if (typeof content === 'string') {
      if (finalAssistant) checkTrailingWhitespace(content, m, problems);
      else if (content.trim() === '') problems.push(whitespaceText(m));
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (let b = 0; b < content.length; b++) {
      const block = asRecord(content[b]);
      if (block?.type !== 'text' || typeof block.text !== 'string') continue;
      if (block.text === '') {
        problems.push({ messageIndex: m, rule: 'anthropic/empty-text-block', message: 'messages: text content blocks must be non-empty' });
      } else if (block.text.trim() === '') {
        problems.push(whitespaceText(m));
      } else if (finalAssistant && b === content.length - 1) {
        checkTrailingWhitespace(block.text, m, problems);
      }
    }
  }
}

function whitespaceText(messageIndex: number): ValidationProblem {
  return {
    messageIndex,
    rule: 'anthropic/whitespace-text-block',
    message: 'messages: text content blocks must contain non-whitespace text',
  };
}

function checkTrailingWhitespace(text: string, messageIndex: number, problems: ValidationProblem[]): void {
  if (/\s$/.test(text)) {
    problems.push({
      messageIndex,
      rule: 'anthropic/final-assistant-trailing-whitespace',
      message: 'messages: final assistant content cannot end with trailing whitespace',
    });
  }
}

function mergeTurns(messages: readonly Message[]): Turn[] {
  const turns: Turn[] = [];
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m] as Message;
    let turn = turns[turns.length - 1];
    if (turn === undefined || turn.role !== message.role) {
      turn = { role: message.role, first: m, blocks: [] };
      turns.push(turn);
    }
    const content = message.content;
    if (typeof content === 'string') {
      if (content !== '') turn.blocks.push({ block: { type: 'text', text: content }, message: m });
    } else if (Array.isArray(content)) {
      for (const raw of content) turn.blocks.push({ block: asRecord(raw) ?? {}, message: m });
    }
  }
  return turns;
}

function toolUseIds(turn: Turn): Set<string> {
  const ids = new Set<string>();
  for (const { block } of turn.blocks) {
    if (block.type === 'tool_use' && typeof block.id === 'string') ids.add(block.id);
  }
  return ids;
}

function checkServerResults(turn: Turn, t: number, problems: ValidationProblem[]): void {
  const seen = new Set<string>();
  turn.blocks.forEach(({ block, message }, k) => {
    const { type } = block;
    if ((type === 'server_tool_use' || type === 'mcp_tool_use') && typeof block.id === 'string') {
      seen.add(block.id);
      return;
    }
    if (typeof type !== 'string' || type === 'tool_result' || !type.endsWith('_tool_result')) return;
    const id = block.tool_use_id;
    if (typeof id !== 'string' || seen.has(id)) return;
    const call = type === 'mcp_tool_result' ? 'mcp_tool_use' : 'server_tool_use';
    problems.push({
      messageIndex: message,
      rule: 'anthropic/unexpected-server-tool-result',
      message:
        `messages.${t}.content.${k}: unexpected \`tool_use_id\` found in \`${type}\` blocks: ${id}. ` +
        `Each \`${type}\` block must have a corresponding \`${call}\` block before it.`,
    });
  });
}

function checkToolUses(turn: Turn, t: number, next: Turn | undefined, problems: ValidationProblem[]): void {
  const uses = turn.blocks.filter(({ block }) => block.type === 'tool_use' && typeof block.id === 'string');
  if (uses.length === 0) return;

  const seen = new Set<string>();
  turn.blocks.forEach(({ block, message }, k) => {
    if (block.type !== 'tool_use' || typeof block.id !== 'string') return;
    if (seen.has(block.id)) {
      problems.push({
        messageIndex: message,
        rule: 'anthropic/duplicate-tool-use-id',
        message: `messages.${t}.content.${k}: \`tool_use\` ids must be unique`,
      });
    }
    seen.add(block.id);
  });

  const leading = new Set<string>();
  const later = new Set<string>();
  let atStart = true;
  for (const { block } of next?.blocks ?? []) {
    if (block.type !== 'tool_result') atStart = false;
    else if (typeof block.tool_use_id === 'string') (atStart ? leading : later).add(block.tool_use_id);
  }

  const missing = uses.filter(({ block }) => !leading.has(block.id as string));
  const missingIds = [...new Set(missing.map(({ block }) => block.id as string))];
  if (missingIds.length === 0) return;

  if (next !== undefined && missingIds.some((id) => later.has(id))) {
    problems.push({
      messageIndex: next.first,
      rule: 'anthropic/tool-result-not-first',
      message:
        `messages.${t + 1}: Did not find ${missingIds.length} \`tool_result\` block(s) at the beginning of this message. ` +
        'Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
    });
    return;
  }
  problems.push({
    messageIndex: (missing[0] as { message: number }).message,
    rule: 'anthropic/tool-use-without-result',
    message:
      `messages.${t}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missingIds.join(', ')}. ` +
      'Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
  });
}

function checkToolResults(turn: Turn, t: number, callIds: ReadonlySet<string>, problems: ValidationProblem[]): void {
  const answered = new Set<string>();
  turn.blocks.forEach(({ block, message }, k) => {
    if (block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') return;
    const id = block.tool_use_id;
    if (!callIds.has(id)) {
      problems.push({
        messageIndex: message,
        rule: 'anthropic/unexpected-tool-result',
        message:
          `messages.${t}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. ` +
          'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
      });
    } else if (answered.has(id)) {
      problems.push({
        messageIndex: message,
        rule: 'anthropic/duplicate-tool-result',
        message:
          `messages.${t}.content.${k}: each tool_use must have a single result. ` +
          `Found multiple \`tool_result\` blocks with id: ${id}`,
      });
    }
    answered.add(id);
  });
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
