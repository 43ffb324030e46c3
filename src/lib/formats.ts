/**
 * `prunescope/formats`: transcript files. Reading Claude Code JSONL, Anthropic Messages JSON, OpenAI Chat (tau-bench's
 * `[{ task_id, traj }]` included), OpenAI Responses items / Codex rollouts, SWE-agent and mini-SWE-agent trajectories
 * and LangChain / LangGraph messages (every format of `listFormats`) into conversations of canonical
 * messages; writing them back in their own layout or another format; repairing a conversation with its sources and
 * line numbers carried through; and the usage the file recorded (per request, or the run's total), beside prunescope's
 * own counts.
 *
 * Messages-level checks (`validateMessages`, `repairMessages`) live in the main entry: they need no parser.
 */
export {
  parseTranscript,
  serializeTranscript,
  TranscriptParseError,
  repairConversation,
  lastSentConversation,
  readRecordedUsage,
  compareWithRecordedUsage,
  countsWithoutThinking,
  splitRecordedInput,
  readRecordedTotal,
  compareWithRecordedTotal,
  encodingForFormat,
  providerForFormat,
  listFormats,
  transcriptExtensions,
  readReplayInputs,
  defaultReplayModel,
} from '../core';
export type {
  FormatInfo,
  RecordedInputSplit,
  ReplayInputs,
  ReadReplayInputsOptions,
  ObservedCacheReading,
  ObservedCache,
  HarnessRequest,
  TranscriptFormat,
  Provider,
  Conversation,
  MessageAnnotation,
  CompactionBoundary,
  SourceLayout,
  SerializedTranscript,
  ParseWarning,
  SkippedRecords,
  ParsedTranscript,
  ParseOptions,
  RepairOptions,
  RepairChange,
  RepairedConversation,
  RecordedRequest,
  RequestComparison,
  UsageComparison,
  CompareWithRecordedUsageOptions,
  RecordedTotal,
  TotalComparison,
  CompareWithRecordedTotalOptions,
} from '../core';
