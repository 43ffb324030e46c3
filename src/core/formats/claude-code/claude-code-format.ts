import { anthropicFormat } from '../anthropic/anthropic-format';
import { defineFormat } from '../define-format';
import { detectClaudeCode } from './detect-claude-code';
import { parseClaudeCode } from './parse-claude-code';
import { readClaudeCodeUsage } from './read-claude-code-usage';
import { serializeClaudeCode } from './serialize-claude-code';

/** Claude Code session JSONL (`~/.claude/projects/…/<session>.jsonl`), subagent files included. */
export const claudeCodeFormat = defineFormat({
  id: 'claude-code',
  name: 'Claude Code session JSONL',
  label: 'Claude Code session',
  extensions: ['.jsonl'],
  // Claude Code talks to Anthropic's Messages API.
  provider: anthropicFormat.id,
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  // A one-line session file parses as a single JSON document.
  isLoneRecord: (record) =>
    typeof record.type === 'string' && !('role' in record) && ('sessionId' in record || ((record.type === 'user' || record.type === 'assistant') && 'message' in record)),
  detect: detectClaudeCode,
  parse: (source, { fileName, warnings, skipped }) => parseClaudeCode(source.kind === 'lines' ? source.lines : [], fileName, warnings, skipped),
  serialize: serializeClaudeCode,
  recordedUsage: { read: (conversation) => readClaudeCodeUsage(conversation), fromText: false },
});
