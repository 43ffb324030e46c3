import { linkToolCalls } from '../../lib/index';
import { compareWithRecordedTotal, compareWithRecordedUsage, countsWithoutThinking, readRecordedTotal, readRecordedUsage, splitRecordedInput, type Conversation, type TotalComparison } from '../../lib/formats';
import { parseFlags, readChoice, single, type FlagSpec } from '../args';
import { CliError, EXIT_OK } from '../errors';
import { FORMATS, loadTranscript, scopeConversation, selectConversations, WHOLE_HISTORY_HELP } from '../input';
import type { Io } from '../io';
import { createProgress, LARGE_INPUT_CHARS } from '../progress';
import { formatChange, formatCount, formatTable, formatUsd } from '../text';
import { countConversation, ENCODING_CHOICES, loadCounter, type EncodingChoice } from '../tokens';

const COMMAND = 'stats';

const FLAGS: Record<string, FlagSpec> = {
  conversation: { type: 'string', short: 'c' },
  format: { type: 'string' },
  encoding: { type: 'string' },
  json: { type: 'boolean' },
  'whole-history': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export function statsHelp(): string {
  return `Usage: prunescope stats FILE [--encoding E] [--conversation ID] [--json]

Per conversation of FILE (- reads standard input): messages, tool pairs and orphaned calls or results, tokens
counted with the vocabulary of the format's API, and what the file recorded the requests cost (Claude Code's
usage lines, Codex token_count events) beside prunescope's count of the same messages. A file that records only
the run's total (SWE-agent's info.model_stats) gets a line under the table: its input against the sum of the
counted inputs of the requests the messages show (one per assistant message), its output, and its cost.

Columns: msgs, pairs, orphans (calls without a result / results without a call), tokens (the messages, as billed
input), system (the system prompt, once per request), requests (recorded), recorded in (the last recorded
request's input, cache reads and writes included), counted (prunescope's count of that request), fixed (what the
first request carried that the file does not hold: tool definitions, a system prompt it does not record).

Options:
  --encoding E           ${ENCODING_CHOICES.join(', ')} (default auto: claude for Anthropic formats, o200k_base for OpenAI)
  -c, --conversation ID  one conversation: its id, or its number from 1 (default: all)
  --format FORMAT        read as ${FORMATS.join(', ')} instead of detecting it
  --json                 write { file, format, encoding, conversations: [...] }
  ${WHOLE_HISTORY_HELP}
  -h, --help             this help

Exit status: 0 done; 2 bad usage or unreadable input.

Examples:
  prunescope stats ~/.claude/projects/my-app/2f7c….jsonl
  prunescope stats tau-bench.json --json | jq '[.conversations[].tokens] | add'
`;
}

interface ConversationStats {
  id: string;
  title: string;
  messages: number;
  toolPairs: number;
  orphanCalls: number;
  orphanResults: number;
  tokens: number;
  systemTokens: number;
  compactions: number;
  /** Set when the counts start after the last compaction: the index in the log of the first message counted. */
  from?: number;
  recorded?: {
    requests: number;
    lastInputTokens: number;
    lastCountedTokens: number;
    fixedTokens?: number;
    medianGrowthRatio?: number;
  };
  /** The run's recorded total (`readRecordedTotal`), with what is counted for the requests the messages show. */
  recordedTotal?: TotalComparison['total'] & Omit<TotalComparison, 'total'>;
}

export async function statsCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(COMMAND, args, FLAGS);
  if (values.help === true) {
    io.stdout(statsHelp());
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new CliError(`${COMMAND}: give one transcript file, or - for standard input (prunescope stats --help)`);
  const formatText = single(COMMAND, values, 'format');
  const format = formatText === undefined ? undefined : readChoice(COMMAND, 'format', formatText, FORMATS);
  const encoding = readChoice(COMMAND, 'encoding', single(COMMAND, values, 'encoding') ?? 'auto', ENCODING_CHOICES) as EncodingChoice;
  const loaded = await loadTranscript(io, positionals[0] as string, format);
  const conversations = selectConversations(COMMAND, loaded, single(COMMAND, values, 'conversation'));
  const counter = await loadCounter(io, encoding, loaded.parsed.format);
  const progress = createProgress(io, io.stderrIsTTY && loaded.text.length >= LARGE_INPUT_CHARS);
  const wholeHistory = values['whole-history'] === true;
  const stats = conversations.map((c) => conversationStats(c, scopeConversation(COMMAND, io, loaded.label, c, wholeHistory).offset, loaded.text, counter, progress, io, loaded.label));
  progress.done();

  if (values.json === true) {
    io.stdout(`${JSON.stringify({ file: loaded.label, format: loaded.parsed.format, encoding: counter.encoding, conversations: stats }, null, 2)}\n`);
    return EXIT_OK;
  }
  const header = ['conversation', 'msgs', 'pairs', 'orphans', 'tokens', 'system', 'requests', 'recorded in', 'counted', 'fixed'];
  const rows = stats.map((s) => [
    s.id,
    formatCount(s.messages),
    formatCount(s.toolPairs),
    `${s.orphanCalls} / ${s.orphanResults}`,
    formatCount(s.tokens),
    formatCount(s.systemTokens),
    s.recorded ? formatCount(s.recorded.requests) : '–',
    s.recorded ? formatCount(s.recorded.lastInputTokens) : '–',
    s.recorded ? formatCount(s.recorded.lastCountedTokens) : '–',
    s.recorded?.fixedTokens !== undefined ? formatCount(s.recorded.fixedTokens) : '–',
  ]);
  if (stats.length > 1) {
    const sum = (f: (s: ConversationStats) => number) => formatCount(stats.reduce((a, s) => a + f(s), 0));
    rows.push(['total', sum((s) => s.messages), sum((s) => s.toolPairs), `${sum((s) => s.orphanCalls)} / ${sum((s) => s.orphanResults)}`, sum((s) => s.tokens), sum((s) => s.systemTokens), sum((s) => s.recorded?.requests ?? 0), '', '', '']);
  }
  io.stdout(`${loaded.label}: ${loaded.parsed.format}, tokens counted with ${counter.encoding}\n`);
  io.stdout(formatTable(header, rows, ['left', ...header.slice(1).map(() => 'right' as const)]));
  const gaps = stats.flatMap((s) => (s.recorded ? [gapLine(s.recorded)] : []));
  // The recorded input beside our count reads as a miscount unless the difference is said (a user trial).
  if (gaps.length === 1) io.stdout(`${gaps[0]}\n`);
  else if (gaps.length > 1) io.stdout('recorded in − counted: what the file does not hold (fixed: the system prompt and tools of the first request; the rest added later)\n');
  for (const s of stats) if (s.recordedTotal) io.stdout(`${totalLine(s.recordedTotal)}${stats.length > 1 ? ` (${s.id})` : ''}\n`);
  return EXIT_OK;
}

/** The last request's recorded input as a sum: the messages counted here, and what the file does not hold. */
function gapLine(recorded: NonNullable<ConversationStats['recorded']>): string {
  const { counted, rest, fixed, later } = splitRecordedInput(recorded.lastInputTokens, recorded.lastCountedTokens, recorded.fixedTokens);
  const head = `last request: ${formatCount(recorded.lastInputTokens)} recorded = ${formatCount(counted)} counted`;
  if (rest < 0) return `${head} − ${formatCount(-rest)} (our count of its messages runs over what was billed)`;
  const parts = fixed === undefined ? 'system prompt and tool definitions' : `≈${formatCount(fixed)} system prompt and tools at the first request${later > 0 ? `, ${formatCount(later)} added later: reminders, hook output` : ''}`;
  return `${head} + ${formatCount(rest)} the file does not hold (${parts})`;
}

/** Counts of the messages from `offset` on (what the agent last sent); recorded usage is read against the whole log. */
function conversationStats(
  conversation: Conversation,
  offset: number,
  text: string,
  counter: Parameters<typeof countConversation>[1],
  progress: Parameters<typeof countConversation>[2],
  io: Io,
  label: string,
): ConversationStats {
  const links = linkToolCalls(offset > 0 ? conversation.messages.slice(offset) : conversation.messages);
  const { tokens, total: wholeTotal, system } = countConversation(conversation, counter, progress);
  let total = wholeTotal;
  if (offset > 0) total = tokens.subarray(offset).reduce((a, b) => a + b, 0);
  const stats: ConversationStats = {
    id: conversation.id,
    title: conversation.title,
    messages: conversation.messages.length - offset,
    toolPairs: links.pairs.length,
    orphanCalls: links.orphans.filter((o) => o.kind === 'use').length,
    orphanResults: links.orphans.filter((o) => o.kind === 'result').length,
    tokens: total,
    systemTokens: system,
    compactions: conversation.boundaries?.length ?? 0,
  };
  if (offset > 0) stats.from = offset;
  const requests = readRecordedUsage(conversation, text);
  if (requests.length > 0) {
    try {
      // A model sent no thinking back (Gemini's clients), or only the current turn's: its requests are held against
      // the messages without it, as the inspector and the replay hold them.
      const bare = countsWithoutThinking(conversation.messages, tokens, counter, requests);
      const usage = compareWithRecordedUsage(conversation.messages, tokens, requests, { systemTokens: system, ...(bare ? { countsWithoutThinking: bare } : {}) });
      const last = usage.requests[usage.requests.length - 1];
      stats.recorded = {
        requests: requests.length,
        lastInputTokens: last?.recorded ?? 0,
        lastCountedTokens: last ? last.counted + last.hidden : 0,
        ...(usage.fixedTokens !== undefined ? { fixedTokens: usage.fixedTokens } : {}),
        ...(usage.medianGrowthRatio !== undefined ? { medianGrowthRatio: usage.medianGrowthRatio } : {}),
      };
    } catch (error) {
      // The counts stand without the comparison; say why it is missing rather than fail the command.
      io.stderr(`${label} (${conversation.id}): recorded usage left out: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  const runTotal = readRecordedTotal(conversation, text);
  if (runTotal !== undefined) {
    const starts = (conversation.boundaries ?? []).map((b) => b.messageIndex);
    const { total: recorded, ...counted } = compareWithRecordedTotal(conversation.messages, tokens, runTotal, { systemTokens: system, contextStarts: starts });
    stats.recordedTotal = { ...recorded, ...counted };
  }
  return stats;
}

/** `recorded total (info.model_stats): 12 requests, input 122,612 vs 124,441 counted (+1.5%) over 12 requests, …`. */
function totalLine(t: NonNullable<ConversationStats['recordedTotal']>): string {
  const parts: string[] = [];
  if (t.requests !== undefined) parts.push(`${formatCount(t.requests)} requests`);
  if (t.inputTokens !== undefined) {
    parts.push(`input ${formatCount(t.inputTokens)} vs ${formatCount(t.countedInputTokens)} counted (${formatChange(t.countedInputTokens, t.inputTokens, 2)}) over ${formatCount(t.countedRequests)} requests`);
  } else {
    parts.push(`${formatCount(t.countedInputTokens)} input counted over ${formatCount(t.countedRequests)} requests`);
  }
  if (t.outputTokens !== undefined) parts.push(`output ${formatCount(t.outputTokens)} vs ${formatCount(t.countedOutputTokens)} counted`);
  if (t.costUsd !== undefined) parts.push(`cost ${formatUsd(t.costUsd)}${t.model !== undefined ? ` (${t.model})` : ''}`);
  return `recorded total (${t.where}): ${parts.join(', ')}`;
}
