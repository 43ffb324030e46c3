/**
 * Claude Code's fixed texts around a compaction, verbatim from the compact summaries of the 2.1.39 session files
 * (fixtures: the spotter session) and the 2.1.88 source (`src/services/compact/*.ts`).
 */
export const CLAUDE_CODE_TEXTS = {
  summaryPrefix: 'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n',
  summarySuffix:
    '\nIf you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: /home/USER/.claude/projects/-home-USER-project/00000000-0000-0000-0000-000000000000.jsonl\nPlease continue the conversation from where we left off without asking the user any further questions. Continue with the last task that you were asked to work on.',
  /** `TIME_BASED_MC_CLEARED_MESSAGE`: what micro-compaction leaves of an old tool result. */
  clearedResult: '[Old tool result content cleared]',
} as const;

/** The tools whose results time-based micro-compaction clears (2.1.88 `microCompact.ts`). */
export const COMPACTABLE_TOOLS: ReadonlySet<string> = new Set(['Read', 'Bash', 'PowerShell', 'Grep', 'Glob', 'WebSearch', 'WebFetch', 'Edit', 'Write']);
