import type { GovernorProfile, TaskIntent } from './types';

/**
 * The seven profiles of seed 004, one per intent.
 *
 * Where the seed gives weights they are used exactly (marked "seed" below): Code-First `files 1.0, snippets 0.9,
 * messages 0.5, documentation 0.4`; Error-First `errors 1.0, tool_results 0.9, recent_files 0.8, messages 0.6`
 * (recent_files is the `file` weight: the recency term already favours recent units); Context-Rich
 * `documentation 1.0, messages 0.8, files 0.7, examples 0.9`; Relevance-First `relevance_score 0.6, priority 0.2,
 * recency 0.2`. Everything else is ours, chosen from each profile's "preserves / prunes" lists:
 *
 * - Formula weights where the seed gives none: Balanced takes `priority 0.4, relevance 0.4, recency 0.2` from the
 *   seed's custom-weights example. Code-First and Goal-First lean on type (0.5), since their lists are about kinds
 *   of content; Error-First weighs recency as much as type (0.4 each) because it keeps "recent changes" and prunes
 *   "old conversation history"; Context-Rich keeps recency "moderate" (0.2) and splits the rest; Diff-First weighs
 *   the three alike-ish (0.4 / 0.3 / 0.3), as it wants changes, what the reviewer asks about, and recent feedback.
 * - `requirement` (the task, constraints, plans) is never below 0.7: whatever the intent, the task is what the
 *   context serves, and losing it is the complaint users file most about summaries (see
 *   shared/notes/context-management.md, "what users ask for" 2).
 * - Type weights the seed leaves out follow each profile's lists: what it "preserves" high, what it "prunes"
 *   low (Goal-First: implementation details = tool results 0.3, code 0.4; Diff-First: unchanged code = files 0.5).
 *   Code-First ranks the agent's own edits (diff) and the task with snippets (0.9): they are code and the spec of
 *   the code being written; and a failing build (error 0.8) above chat, since the next change must fix it. Tried
 *   lower (0.8, 0.8, 0.6) on the spotter session at half its tokens, Code-First kept 26 of 26 file reads but 1 of 9
 *   requirement units and 6 of 39 edits; with these, 6 of 9 and 11 of 39.
 * - Balanced takes `file 1.0, message 0.7, tool_result 0.8` from the seed's custom-weights example and preserves
 *   nothing ("mixed priority"), so it never adds a type bonus.
 * - The type bonus is 0.1 everywhere: a tie-breaker between units of similar score, not a second priority term.
 */
export const GOVERNOR_PROFILES: Readonly<Record<TaskIntent, GovernorProfile>> = {
  code_generation: {
    name: 'Code-First',
    intent: 'code_generation',
    weights: { priority: 0.5, relevance: 0.3, recency: 0.2, typeBonus: 0.1 },
    typeWeights: {
      file: 1.0, // seed
      snippet: 0.9, // seed
      diff: 0.9,
      requirement: 0.9,
      example: 0.85,
      error: 0.8,
      search_result: 0.5,
      tool_result: 0.5,
      message: 0.5, // seed
      documentation: 0.4, // seed
    },
    preserved: ['file', 'snippet', 'example'],
  },
  debugging: {
    name: 'Error-First',
    intent: 'debugging',
    weights: { priority: 0.4, relevance: 0.2, recency: 0.4, typeBonus: 0.1 },
    typeWeights: {
      error: 1.0, // seed
      tool_result: 0.9, // seed
      file: 0.8, // seed (recent_files)
      diff: 0.8,
      requirement: 0.7,
      snippet: 0.7,
      message: 0.6, // seed
      search_result: 0.5,
      example: 0.5,
      documentation: 0.3,
    },
    preserved: ['error', 'diff'],
  },
  explanation: {
    name: 'Context-Rich',
    intent: 'explanation',
    weights: { priority: 0.4, relevance: 0.4, recency: 0.2, typeBonus: 0.1 },
    typeWeights: {
      documentation: 1.0, // seed
      example: 0.9, // seed
      message: 0.8, // seed
      requirement: 0.8,
      file: 0.7, // seed
      snippet: 0.7,
      search_result: 0.6,
      tool_result: 0.6,
      diff: 0.6,
      error: 0.6,
    },
    preserved: ['documentation', 'message', 'example'],
  },
  search: {
    name: 'Relevance-First',
    intent: 'search',
    weights: { priority: 0.2, relevance: 0.6, recency: 0.2, typeBonus: 0.1 }, // seed (all but the bonus)
    typeWeights: {
      search_result: 1.0,
      requirement: 0.8,
      file: 0.7,
      documentation: 0.7,
      snippet: 0.6,
      example: 0.6,
      tool_result: 0.6,
      message: 0.5,
      diff: 0.5,
      error: 0.5,
    },
    preserved: ['search_result'],
  },
  planning: {
    name: 'Goal-First',
    intent: 'planning',
    weights: { priority: 0.5, relevance: 0.3, recency: 0.2, typeBonus: 0.1 },
    typeWeights: {
      requirement: 1.0,
      message: 0.7,
      documentation: 0.6,
      diff: 0.4,
      file: 0.4,
      snippet: 0.4,
      error: 0.4,
      example: 0.4,
      search_result: 0.3,
      tool_result: 0.3,
    },
    preserved: ['requirement'],
  },
  review: {
    name: 'Diff-First',
    intent: 'review',
    weights: { priority: 0.4, relevance: 0.3, recency: 0.3, typeBonus: 0.1 },
    typeWeights: {
      diff: 1.0,
      requirement: 0.8,
      message: 0.7,
      documentation: 0.7,
      error: 0.6,
      file: 0.5,
      snippet: 0.5,
      search_result: 0.4,
      tool_result: 0.4,
      example: 0.4,
    },
    preserved: ['diff', 'documentation'],
  },
  generic: {
    name: 'Balanced',
    intent: 'generic',
    weights: { priority: 0.4, relevance: 0.4, recency: 0.2, typeBonus: 0.1 },
    typeWeights: {
      file: 1.0, // seed example
      requirement: 1.0,
      error: 0.9,
      diff: 0.9,
      tool_result: 0.8, // seed example
      snippet: 0.8,
      message: 0.7, // seed example
      documentation: 0.7,
      search_result: 0.7,
      example: 0.7,
    },
    preserved: [],
  },
};
