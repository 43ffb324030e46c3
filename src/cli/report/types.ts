/** The shapes `report` passes between its main thread and its workers, and writes as `--json`. */
import type { Message, StrategyId } from '../../lib/index';
import type { Conversation, TranscriptFormat } from '../../lib/formats';
import type { EncodingChoice } from '../tokens';

/** Each conversation's bound: a share of its own tokens (so short and long ones are pruned alike), or a fixed one. */
export type ReportBound = { kind: 'fraction'; fraction: number } | { kind: 'tokens'; maxTokens: number } | { kind: 'turns'; maxTurns: number };

export interface ReportSettings {
  strategies: { id: StrategyId; options: Record<string, number | boolean | string | readonly string[]> }[];
  bound: ReportBound;
  encoding: EncodingChoice;
  /** The model the cost column prices; default: the one each file records, else by format. */
  model?: string;
  /** Prices of the user's own (`--prices`), over the table's, in dollars per million tokens. */
  prices?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
}

/** One conversation, as a worker receives it: what the analysis needs and nothing of the source records. */
export interface ConversationTask {
  file: string;
  id: string;
  format: TranscriptFormat;
  system?: string;
  messages: Message[];
  /**
   * The conversation it was read from and, for a format that keeps its usage beside the messages (Codex), the file's
   * text: the replay reads from them what `replay` and the inspector read (`readReplayInputs`: the fixed part, the
   * compactions, the times, the cache the file shows). Without them only the system prompt is fixed.
   */
  conversation?: Conversation;
  text?: string;
}

export interface StrategyOutcome {
  strategy: StrategyId;
  /** Messages sent (kept, masked, shortened, inserted). */
  messagesOut: number;
  tokensOut: number;
  /** The API would accept the output (`validateMessages` finds nothing). */
  valid: boolean;
  /** Problems in the output that the input did not have at the same message. */
  addedProblems: number;
  /** The task (the first prompt a person typed) is sent as it was; `null` when the conversation has none. */
  taskKept: boolean | null;
  /** The plan could not meet its bound. */
  over: boolean;
  costUsd?: number;
  /** The strategy threw on this conversation; the rest of the row is zero. */
  error?: string;
}

export interface ConversationOutcome {
  file: string;
  id: string;
  format: TranscriptFormat;
  messages: number;
  tokens: number;
  encoding: string;
  inputValid: boolean;
  /** It has a task: a prompt a person typed (`findUserPrompts`). */
  hasTask: boolean;
  /** Cost of the conversation as it was sent (the replay's `none`), when priced. */
  costUsd?: number;
  /** Where its prices came from (the table entry, the nearest one, or given). */
  pricedWith?: string;
  strategies: StrategyOutcome[];
  /** The conversation could not be analysed at all. */
  error?: string;
}

export interface FileOutcome {
  file: string;
  format?: TranscriptFormat;
  conversations: number;
  /** Why the file was skipped. */
  error?: string;
}

export interface StrategyTotals {
  /** A strategy id, or `none`: the conversations as they were. */
  strategy: string;
  conversations: number;
  tokensIn: number;
  tokensOut: number;
  valid: number;
  addedProblems: number;
  taskKept: number;
  /** Conversations that have a task. */
  tasks: number;
  over: number;
  errors: number;
  /** Present when every conversation was priced. */
  costUsd?: number;
}

export interface ReportJson {
  prunescope: 'report';
  version: 1;
  settings: ReportSettings;
  files: FileOutcome[];
  conversations: ConversationOutcome[];
  totals: StrategyTotals[];
}
