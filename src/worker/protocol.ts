/**
 * The typed protocol between the inspector (main thread) and the prune worker.
 *
 * Every request carries an `id`; every answer echoes it, so the client can drop answers it no longer wants, and a
 * `cancel` stops work a newer request made stale. Requests about a loaded transcript carry its `docId`; the worker
 * refuses to answer for a transcript it no longer holds. Per-message data crosses as typed arrays (transferred,
 * never copied) and one joined string. Lanes are any number of registered strategies with their options: nothing
 * here lists strategies.
 */
import type { ModelProbeResult, ProbeFate, ProbeKind, CompactionBoundary, ParseWarning, PlanCells, PlanInsert, Provider, RepairChange, Scorecard, SkippedRecords, StrategyId, StrategyPlan, TokenEncoding, TotalComparison, TranscriptFormat } from '../core';
import type { Budget, PlanRequest } from './lanes';
import type { OpenOptions } from './open-options';
import type { LaneModelSettings } from './model-options';

export type { OpenOptions } from './open-options';
export type { LaneModelSettings } from './model-options';

export type { LaneSpec, Budget, PlanRequest } from './lanes';

/** A plan request for a new transcript: without a budget, the default one (in `unit`, tokens unless said). */
export type LoadPlanRequest = Omit<PlanRequest, 'budget' | 'epoch'> & { budget?: Budget; unit?: Budget['unit'] };

/** Bits of `RowData.flags`. */
export const ROW_FLAG = {
  toolUse: 1,
  toolResult: 2,
  error: 4,
  thinking: 8,
  compactSummary: 32,
  /** A tool the API runs itself (web search): no client call, no partner message. */
  serverTool: 64,
  orphan: 128,
} as const;

export type LoadSource =
  | { kind: 'text'; text: string; fileName?: string }
  | { kind: 'file'; file: Blob; fileName: string }
  | { kind: 'url'; url: string; fileName: string };

export type WorkerRequest =
  /** Without a budget, the worker picks the default for the transcript (`defaultBudget`) and says which. */
  | { type: 'load'; id: number; source: LoadSource; plan: LoadPlanRequest; conversation?: number; open?: OpenOptions }
  /** Open another conversation of the loaded file, or the same one in another scope or with repair switched. */
  | { type: 'open'; id: number; docId: number; conversation: number; open: OpenOptions; plan: LoadPlanRequest }
  | { type: 'plan'; id: number; docId: number; plan: PlanRequest }
  | { type: 'cancel'; id: number }
  /** Count again with another encoding (`auto`: the one the source format calls for); plans follow. */
  | { type: 'set-encoding'; id: number; docId: number; encoding: TokenEncoding | 'auto'; plan: PlanRequest }
  | { type: 'search'; id: number; docId: number; query: string }
  | { type: 'detail'; id: number; docId: number; index: number }
  /** Only the lanes' accounts of message `index` (a detail's `explain`), for when plans land with the message open. */
  | { type: 'explain'; id: number; docId: number; index: number }
  | { type: 'export'; id: number; docId: number; plan: PlanRequest; laneId: string }
  /** The questions `ask-probes` would send for a lane, to show before anything is sent. */
  | { type: 'probe-prompts'; id: number; docId: number; plan: PlanRequest; laneId: string }
  /** A lane's probes answered by a model of the user's own (`askProbes`); progress as `probe-progress`; `cancel` stops it. */
  | { type: 'ask-probes'; id: number; docId: number; plan: PlanRequest; laneId: string; model: LaneModelSettings }
  /** The model that writes the lanes' summaries, or null for none (extractive). Plans follow as `planned`. */
  | { type: 'set-model'; id: number; model: LaneModelSettings | null }
  /**
   * A spare worker, holding no file yet: load `encoding`'s vocabulary and start the counting workers now, so the next
   * file's exact counts do not wait for them. Answers nothing.
   */
  | { type: 'warm'; id: number; encoding: Exclude<TokenEncoding, 'chars'> };

export interface ConversationInfo {
  id: string;
  title: string;
  count: number;
}

export interface DocSummary {
  /** The id of the load or open request that made it: unique across the fresh workers one client starts. */
  docId: number;
  fileName: string;
  format: TranscriptFormat;
  provider: Provider;
  conversationIndex: number;
  conversations: ConversationInfo[];
  conversationTitle: string;
  /** At most 200, with `warningCount` the full number. */
  warnings: ParseWarning[];
  warningCount: number;
  count: number;
  /** Sum of every message's text length. */
  totalChars: number;
  /** Sum of every message's tokens (the system prompt apart). */
  totalTokens: number;
  pairCount: number;
  orphanCount: number;
  /** The system prompt (first 50,000 characters), never pruned; shown while no message is selected. */
  system?: string;
  /** The system prompt's full length in characters (0 without one). Not part of `totalChars`: it is always sent. */
  systemChars: number;
  /** The system prompt's tokens (0 without one), sent with every request whatever the strategy. */
  systemTokens: number;
  bytes: number;
  /** Of the file's text: a link made for another transcript says so instead of applying its view. */
  fingerprint: string;
  /** `last-sent`: the messages from the last compaction boundary on; `whole`: the whole history. */
  scope: 'whole' | 'last-sent';
  /** The conversation was compacted at least once, so both scopes can be shown. */
  hasBoundary: boolean;
  /** Index in the whole history of the first message shown. */
  offset: number;
  wholeCount: number;
  /** Compaction boundaries among the messages shown: a row before message `before`. */
  boundaries: { before: number; kind: CompactionBoundary['kind']; preTokens?: number; trigger?: string }[];
  /** "Repair input": whether it is on, and what it changed (at most 200 listed). */
  repair: { on: boolean; changeCount: number; changes: RepairChange[] };
  /** Bookkeeping records the reader skipped, by type: information, not warnings. */
  skipped: SkippedRecords[];
  /** How tokens are counted now: `chars` (the estimate) until exact counts arrive. */
  encoding: TokenEncoding;
  /** The counts' version, part of every plan key. */
  epoch: number;
  /** Set when the file recorded what its requests cost and exact counts have arrived. */
  usage?: UsageSummary;
  /** Which of `usage`'s lines the file is expected to give once counted (`expectedUsage`): their place is held. */
  expectsUsage: { requests: boolean; total: boolean };
  /** Set when the vocabulary asked for could not be loaded and characters ÷ 4 stand in. */
  countFallback?: string;
}

/** What the file recorded its requests cost, beside what is counted (`compareWithRecordedUsage`). */
export interface UsageSummary {
  /** Requests recorded one by one; 0 when the file records only the run's total. */
  requests: number;
  /** Tokens every request carries that the file does not hold (system prompt, tool definitions), from the first. */
  fixedTokens?: number;
  /** Counted ÷ recorded growth between consecutive requests: 1 when the counts match the bill. */
  medianGrowthRatio?: number;
  /** The last request: what it was billed, and what is counted for the messages it held. */
  last?: { messageIndex: number; recorded: number; counted: number };
  /** What the file recorded the whole run cost, beside the counted inputs of the requests the messages show. */
  total?: TotalComparison;
}

/** Everything the timeline shows per message, as flat arrays indexed by message. */
export interface RowData {
  count: number;
  /** 0 user, 1 assistant. */
  role: Uint8Array;
  flags: Uint8Array;
  chars: Float64Array;
  tokens: Float64Array;
  score: Float64Array;
  hasToolBlock: Uint8Array;
  groupOf: Int32Array;
  /** One-line previews joined; row i is `previewText.slice(previewOffsets[i], previewOffsets[i + 1])`. */
  previewText: string;
  previewOffsets: Uint32Array;
  /** CSR: the rows holding the other end of this row's tool calls/results. */
  partnerOffsets: Int32Array;
  partners: Int32Array;
  /** Names of the tools each row calls or answers, as ids into `toolNames` (CSR). */
  toolNames: string[];
  toolNameOffsets: Int32Array;
  toolNameIds: Int32Array;
  /** Per tool name: how many rows call or answer it. */
  toolNameCounts: Int32Array;
  /** Number of tool_use / tool_result blocks per row (for "×3" markers). */
  callCount: Uint16Array;
  resultCount: Uint16Array;
}

/** A synthetic message a lane's plan adds, such as a summary, as the timeline shows it: the plan's insert, as text. */
export interface InsertInfo extends Omit<PlanInsert, 'message'> {
  /** Its text, cut to 20,000 characters. */
  text: string;
  textLength: number;
  /** Set when a model of the user's own writes this summary: what it is doing about it. */
  model?: InsertModelState;
}

/**
 * A summary a model of the user's own writes for a lane: `asking` (the extractive text is shown meanwhile),
 * `answered` (the text is the model's) or `failed` (the extractive text stays; `reason` says why).
 */
export interface InsertModelState {
  /** The model's name, as configured. */
  model: string;
  state: 'asking' | 'answered' | 'failed';
  reason?: string;
}

/**
 * One lane's plan for one bound, as the inspector shows it: the plan's fates, reasons, counts, tokens (the system
 * prompt apart) and overrun, without what cannot cross to the main thread (messages, the replacement function).
 */
export interface PlanResult extends Pick<StrategyPlan, 'fates' | 'reasons' | 'kept' | 'dropped' | 'summarized' | 'masked' | 'tokens' | 'over'> {
  laneId: string;
  strategy: StrategyId;
  /** `planKey` of the lane, budget and pins it answers; a plan for another key is stale. */
  key: string;
  inserts: InsertInfo[];
  /** What the lane says of itself (the governor: the intent it used). */
  headline?: string;
  /** Per message, a tag for the cell and the terms of its score (the governor's unit types and four terms). */
  cells?: PlanCells;
  /**
   * What the agent still has: the task, its prompts, failed results, files touched. Absent from a budget change's
   * first answer (`planned`): it follows at once as `scored`, so the lanes' fates are on screen a few ms sooner.
   */
  scorecard?: Scorecard;
}

/** A lane's scorecard for the plan of key `key`, sent after that plan (see `PlanResult.scorecard`). */
export interface LaneScore {
  laneId: string;
  key: string;
  scorecard: Scorecard;
}

export interface VerdictProblem {
  /** Index in the pruned output. */
  outputIndex: number;
  /** The input message it came from; -1 for an insert (a summary). */
  messageIndex: number;
  rule: string;
  message: string;
  /** The input already had this problem at this message: pruning did not cause it. */
  inherited: boolean;
}

export interface Verdict {
  laneId: string;
  key: string;
  provider: Provider;
  /** Problems in the pruned output (at most 50 listed). */
  problems: VerdictProblem[];
  problemCount: number;
  /** Problems pruning added (not present in the input). */
  addedCount: number;
  /** Problems pruning did not add: the input has them at the same message (`problemCount - addedCount`). */
  carriedCount: number;
  /** Problems the unpruned input has (every one, as `problemCount` counts the output's), for comparison. */
  inputProblemCount: number;
  /** The output holds no message at all: never "accepted". */
  empty: boolean;
}

export type DetailBlockKind = 'text' | 'thinking' | 'tool_use' | 'tool_result' | 'image' | 'other';

export interface DetailBlock {
  kind: DetailBlockKind;
  /** e.g. "tool_use · Bash", "tool_result", "thinking". */
  label: string;
  text: string;
  isError?: boolean;
  toolId?: string;
}

export interface MessageDetail {
  index: number;
  role: 'user' | 'assistant';
  blocks: DetailBlock[];
  chars: number;
  tokens: number;
  /** For a message the agent got as a response: what its request was billed, and what is counted for it. */
  usage?: { recorded: number; counted: number; residual: number };
  /** What each lane that explains itself says about this message (the governor: its unit's type and score). */
  explain: { laneId: string; title: string; facts: (readonly [string, string])[] }[];
  /** JSON of the canonical message. */
  messageJson: string;
  /** JSON of the source record(s) it came from. */
  sourceJson: string;
  sourceLines: number[];
  compactSummary: boolean;
  meta: boolean;
}

export interface LoadErrorInfo {
  message: string;
  line?: number;
  column?: number;
  formatsTried: { format: TranscriptFormat; reason: string }[];
  fileName?: string;
}

export interface ExportResult {
  text: string;
  fileName: string;
  mimeType: string;
  format: TranscriptFormat;
  messageCount: number;
  /** What the export changed beyond dropping messages, from the core. */
  note?: string;
}

export type LoadPhase = 'reading' | 'parsing' | 'analyzing' | 'planning';

export type WorkerResponse =
  | { type: 'progress'; id: number; phase: LoadPhase; fraction?: number; bytes?: number }
  | { type: 'loaded'; id: number; doc: DocSummary; rows: RowData; budget: Budget; plans: PlanResult[] }
  | { type: 'load-error'; id: number; error: LoadErrorInfo }
  /** Plans for some lanes of request `id`: the quick ones first, each slow one when it is done. */
  | { type: 'planned'; id: number; docId: number; plans: PlanResult[] }
  /** The scorecards of the plans the last `planned` of request `id` sent without them, right after it. */
  | { type: 'scored'; id: number; docId: number; scores: LaneScore[] }
  /** Exact counts arrived: every row's tokens, the totals, and what the file recorded; plans follow as `planned`. */
  | { type: 'tokens'; id: number; docId: number; epoch: number; encoding: TokenEncoding; fallback?: string; tokens: Float64Array; totalTokens: number; systemTokens: number; usage?: UsageSummary }
  /** `error` when counting failed: the rows keep their estimates and the status says why. */
  | { type: 'count-progress'; id: number; docId: number; fraction: number; error?: string }
  | { type: 'lane-error'; id: number; docId: number; laneId: string; key: string; message: string }
  | { type: 'verdicts'; id: number; docId: number; verdicts: Verdict[] }
  | { type: 'search-result'; id: number; docId: number; query: string; matches: Int32Array }
  | { type: 'detail'; id: number; docId: number; detail: MessageDetail }
  | { type: 'explained'; id: number; docId: number; index: number; explain: MessageDetail['explain'] }
  | { type: 'exported'; id: number; docId: number; result: ExportResult }
  | { type: 'probe-prompts'; id: number; docId: number; prompts: ProbePromptInfo[] }
  | { type: 'probe-progress'; id: number; done: number; total: number }
  | { type: 'probes-answered'; id: number; docId: number; answer: ProbesAnswer }
  | { type: 'error'; id: number; message: string };

/** One question of a lane's model-answered probes, as shown before sending. */
export interface ProbePromptInfo {
  kind: ProbeKind;
  question: string;
  system: string;
  /** How many probes it tests, and the two contexts' sizes in characters. */
  probes: number;
  fullChars: number;
  prunedChars: number;
  /** The pruned context's request, cut to 20,000 characters. */
  prunedPreview: string;
}

/** A lane's probes: per probe, what the rule-based score says and what the model's answers say. */
export interface ProbesAnswer {
  laneId: string;
  model: string;
  probes: { id: string; kind: ProbeKind; fact: string; rule: ProbeFate; model: ModelProbeResult['verdict'] }[];
  /** Weighted share lost: by the rule, and by the model's answers (of the probes the full context answers). */
  ruleLoss: number;
  modelLoss: number;
  requests: number;
}
