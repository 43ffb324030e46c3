import { ANTHROPIC_FORMAT_ID } from '../anthropic/id';
import { defineFormat } from '../define-format';
import { detectClaudeCode } from './detect-claude-code';
import { parseClaudeCode } from './parse-claude-code';
import { readClaudeCodeSubagentUsage } from './read-claude-code-subagent-usage';
import { readClaudeCodeUsage } from './read-claude-code-usage';
import { serializeClaudeCode } from './serialize-claude-code';

/** Claude Code session JSONL (`~/.claude/projects/…/<session>.jsonl`), subagent files included. */
export const claudeCodeFormat = defineFormat({
  id: 'claude-code',
  name: 'Claude Code session JSONL',
  label: 'Claude Code session',
  extensions: ['.jsonl'],
  // Claude Code talks to Anthropic's Messages API.
  provider: ANTHROPIC_FORMAT_ID,
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  // A one-line session file parses as a single JSON document.
  isLoneRecord: (record) =>
    typeof record.type === 'string' && !('role' in record) && ('sessionId' in record || ((record.type === 'user' || record.type === 'assistant') && 'message' in record)),
  detect: detectClaudeCode,
  parse: (source, { fileName, warnings, skipped }) => parseClaudeCode(source.kind === 'lines' ? source.lines : [], fileName, warnings, skipped),
  serialize: serializeClaudeCode,
  recordedUsage: { read: (conversation) => readClaudeCodeUsage(conversation), fromText: false },
  harness: {
    name: 'Claude Code',
    unrecordedInput: "Claude Code's hook output and reminders",
    reinjectsAfterCompaction: true,
    // All 3 sessions on the shared files with a new prompt inside the TTL read only the breakpoint back.
    breaksCacheOnNewPrompt: true,
    // Claude Code's compact prompt (2.1.88 `getCompactPrompt`): about 5.6k characters, 1.5k tokens.
    compactPromptTokens: 1_500,
    readSubagentRequests: readClaudeCodeSubagentUsage,
  },
});
