import type { ConversationOf as Conversation, SubagentRequest, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

/**
 * The requests of Claude Code's subagents (the `Task` tool), from the `progress` lines of type `agent_progress` the
 * main session's file holds while one runs (Claude Code 2.1.x): each carries a message of the subagent, its
 * assistant ones with the API's `usage`. One request per assistant `message.id`: input from its first line, output
 * the largest, as for the main thread. `messageIndex` is the main-thread message whose `Task` call ran the subagent
 * (`parentToolUseID`); one whose call is not among the messages (a slice opened after it) is left out. The parser skips these lines, so the file's
 * lines are read again. Subagents written to files of their own are that file's conversation, not read here.
 */
export function readClaudeCodeSubagentUsage(conversation: Conversation, source: TranscriptSource): SubagentRequest[] {
  if (source.kind !== 'lines') return [];
  const callAt = new Map<string, number>();
  conversation.messages.forEach((message, i) => {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) return;
    for (const block of message.content) {
      const id = (block as { type?: unknown; id?: unknown }).type === 'tool_use' ? (block as { id?: unknown }).id : undefined;
      if (typeof id === 'string') callAt.set(id, i);
    }
  });
  const requests = new Map<string, SubagentRequest>();
  for (const { line, value } of source.lines) {
    if (!isRecord(value) || value.type !== 'progress' || !isRecord(value.data) || value.data.type !== 'agent_progress') continue;
    const wrapper = value.data.message;
    const message = isRecord(wrapper) && wrapper.type === 'assistant' && isRecord(wrapper.message) ? wrapper.message : undefined;
    const usage = message !== undefined && isRecord(message.usage) ? message.usage : undefined;
    if (message === undefined || usage === undefined || typeof message.id !== 'string' || message.model === '<synthetic>') continue;
    const output = tokens(usage.output_tokens);
    const seen = requests.get(message.id);
    if (seen !== undefined) {
      seen.outputTokens = Math.max(seen.outputTokens, output);
      continue;
    }
    const parent = typeof value.parentToolUseID === 'string' ? callAt.get(value.parentToolUseID) : undefined;
    // A subagent whose call is not among the messages (a conversation opened after it) is not this one's.
    if (parent === undefined && typeof value.parentToolUseID === 'string') continue;
    const request: SubagentRequest = {
      agentId: typeof value.data.agentId === 'string' ? value.data.agentId : 'subagent',
      messageIndex: parent ?? Math.max(0, conversation.messages.length - 1),
      contextStart: 0,
      inputTokens: tokens(usage.input_tokens),
      cacheCreationInputTokens: tokens(usage.cache_creation_input_tokens),
      cacheReadInputTokens: tokens(usage.cache_read_input_tokens),
      outputTokens: output,
      line,
    };
    const hour = isRecord(usage.cache_creation) ? tokens(usage.cache_creation.ephemeral_1h_input_tokens) : 0;
    if (hour > 0) request.cacheWrite1hInputTokens = Math.min(hour, request.cacheCreationInputTokens);
    if (typeof message.model === 'string') request.model = message.model;
    requests.set(message.id, request);
  }
  return [...requests.values()].filter((r) => r.inputTokens + r.cacheCreationInputTokens + r.cacheReadInputTokens > 0);
}

function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
