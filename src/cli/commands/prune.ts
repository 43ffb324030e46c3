import {
  analyzeTranscript,
  applyPrunePlan,
  getStrategy,
  planOutputOrigins,
  planPrune,
  validateMessages,
  withModelSummaries,
  ModelRequestError,
  type PrunerConfig,
  type PrunePlan,
  type ValidationProblem,
} from '../../lib/index';
import { providerForFormat, repairConversation, serializeTranscript, type Conversation } from '../../lib/formats';
import { parseFlags, readChoice, single, type FlagSpec } from '../args';
import { CliError, EXIT_OK, EXIT_PROBLEMS } from '../errors';
import { FORMATS, lineOf, loadTranscript, scopeConversation, selectConversations, WHOLE_HISTORY_HELP } from '../input';
import type { Io } from '../io';
import { createProgress, LARGE_INPUT_CHARS } from '../progress';
import { readBoundFlags, readStrategies, readStrategyOptions, strategiesHelp, strategyConfig, strategyFlags, strategyFlagSpecs, strategyWithOption } from '../strategy-flags';
import { formatCount, formatShare } from '../text';
import { countConversation, ENCODING_CHOICES, loadCounter, type EncodingChoice } from '../tokens';
import { MODEL_FLAG_SPECS, MODEL_FLAGS_HELP, readModelSummarizer } from '../model-flags';

const COMMAND = 'prune';

const OWN_FLAGS: Record<string, FlagSpec> = {
  strategy: { type: 'string', short: 's' },
  'max-turns': { type: 'string' },
  'max-tokens': { type: 'string' },
  to: { type: 'string' },
  repair: { type: 'boolean' },
  'whole-history': { type: 'boolean' },
  unanswered: { type: 'string' },
  conversation: { type: 'string', short: 'c' },
  format: { type: 'string' },
  encoding: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...MODEL_FLAG_SPECS,
};

export function pruneHelp(): string {
  return `Usage: prunescope prune FILE --strategy S [--max-turns N | --max-tokens N] [options]

Prunes a transcript and writes it to stdout in its own format (or --to another). FILE is any format --format
names (a Claude Code session, Anthropic or OpenAI messages, tau-bench's [{ task_id, traj }], a Codex rollout, an
agent's trajectory or event stream: detected); - reads standard input. A summary goes to stderr.

Options:
  -s, --strategy S       the strategy (below)
  --max-turns N          keep at most N messages (not user/assistant pairs)
  --max-tokens N         keep at most N tokens of messages (the system prompt is sent apart and not counted)
  --to FORMAT            write as ${FORMATS.join(', ')} (default: the source's)
  --repair               first fix what the API would reject in the input (whitespace-only text blocks, results
                         that answer no call, calls no result answers, misplaced tool blocks); off by default:
                         pruning never adds such a problem, and repairing changes the agent's own records
  ${WHOLE_HISTORY_HELP}
  --unanswered MODE      with --repair: remove (default) an unanswered call, or answer it with an error result
  -c, --conversation ID  the conversation to prune: its id, or its number from 1 (default: the first; every
                         entry of a tau-bench-style [{ task_id, traj }] file)
  --format FORMAT        read as this format instead of detecting it
  --encoding E           count tokens with ${ENCODING_CHOICES.join(', ')} (default auto: the format's API)
  --json                 write { conversations: [...counts, problems], text } instead of the transcript
  -h, --help             this help

${MODEL_FLAGS_HELP}

${strategiesHelp()}

Exit status: 0 written; 1 written, but the output holds problems the API would reject or is over its token
bound (stderr says which); 2 bad usage, unreadable input or a failed model summary, nothing written. A message bound passed only to keep a
tool call with its result is reported on stderr but is not a failure: the window strategies promise that.

Examples:
  prunescope prune session.jsonl --strategy ${strategyWithOption('maxTurns')} --max-turns 40 > pruned.jsonl
  prunescope prune tau.json --strategy ${strategyWithOption('intent')} --max-tokens 8000 --intent debugging --conversation 12
  cat request.json | prunescope prune - -s ${strategyWithOption('keepRecent')} --keep-recent 5 --to openai-chat
  prunescope prune session.jsonl -s ${strategyWithOption('softLimitTokens')} --max-tokens 100000 --summarizer model \\
    --base-url http://localhost:11434/v1 --model llama3.1
`;
}

interface PrunedConversation {
  conversation: Conversation;
  plan: PrunePlan;
  /** Messages in the output: kept, masked, shortened and inserted ones. */
  sent: number;
  tokensBefore: number;
  problems: (ValidationProblem & { inputIndex: number; inInput: boolean; line?: number })[];
  repairs: { index: number; rule: string; detail: string }[];
  text: string;
  note?: string;
}

export async function pruneCommand(args: readonly string[], io: Io): Promise<number> {
  const flags = strategyFlags(Object.keys(OWN_FLAGS));
  const { values, positionals } = parseFlags(COMMAND, args, { ...OWN_FLAGS, ...strategyFlagSpecs(flags) });
  if (values.help === true) {
    io.stdout(pruneHelp());
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new CliError(`${COMMAND}: give one transcript file, or - for standard input (prunescope prune --help)`);
  const strategies = readStrategies(COMMAND, values);
  if (strategies.length !== 1) {
    throw new CliError(`${COMMAND}: give one --strategy${strategies.length > 1 ? `, not ${strategies.length}` : ''} (prunescope prune --help lists them)`);
  }
  const strategy = strategies[0] as (typeof strategies)[number];
  const bound = readBoundFlags(COMMAND, values);
  const options = readStrategyOptions(COMMAND, strategy, values, flags, true);
  const config = strategyConfig(COMMAND, strategy, bound, options, true);
  checkConfig(config);
  const toText = single(COMMAND, values, 'to');
  const to = toText === undefined ? undefined : readChoice(COMMAND, 'to', toText, FORMATS);
  const formatText = single(COMMAND, values, 'format');
  const format = formatText === undefined ? undefined : readChoice(COMMAND, 'format', formatText, FORMATS);
  const encoding = readChoice(COMMAND, 'encoding', single(COMMAND, values, 'encoding') ?? 'auto', ENCODING_CHOICES) as EncodingChoice;
  const unansweredText = single(COMMAND, values, 'unanswered');
  if (unansweredText !== undefined && values.repair !== true) throw new CliError(`${COMMAND}: --unanswered goes with --repair`);
  const unansweredCalls = readChoice(COMMAND, 'unanswered', unansweredText ?? 'remove', ['remove', 'answer'] as const);
  let written = 0;
  const modelProgress = createProgress(io, io.stderrIsTTY);
  const model = readModelSummarizer(COMMAND, values, io.env ?? {}, (delta) => {
    written += delta.length;
    modelProgress.update(`${COMMAND}: the model has written ${formatCount(written)} characters`);
  });

  const loaded = await loadTranscript(io, positionals[0] as string, format);
  const all = loaded.parsed.conversations;
  const wanted = single(COMMAND, values, 'conversation');
  // A tau-bench-style file is many conversations of one kind: each entry is pruned and the array written back.
  const writeAll = wanted === undefined && all.length > 1 && (to === undefined || to === loaded.parsed.format) && all.every((c) => c.layout?.kind === 'entry');
  const chosen = writeAll ? all : selectConversations(COMMAND, loaded, wanted).slice(0, 1);
  if (wanted === undefined && !writeAll && all.length > 1) {
    io.stderr(`${loaded.label}: holds ${all.length} conversations; pruned the first (${chosen[0]?.id}); --conversation picks another\n`);
  }
  const progress = createProgress(io, io.stderrIsTTY && loaded.text.length >= LARGE_INPUT_CHARS);
  const counter = await loadCounter(io, encoding, loaded.parsed.format);
  const results: PrunedConversation[] = [];
  let asked = false;
  for (const whole of chosen) {
    const source = scopeConversation(COMMAND, io, loaded.label, whole, values['whole-history'] === true).conversation;
    let conversation = source;
    let repairs: PrunedConversation['repairs'] = [];
    if (values.repair === true) {
      const repaired = repairConversation(source, { unansweredCalls });
      conversation = repaired.conversation;
      repairs = repaired.changes;
    }
    const { tokens, total } = countConversation(conversation, counter, progress);
    progress.update(`planning ${strategy}`);
    let plan = planPrune(analyzeTranscript(conversation.messages, { tokens, counter }), config);
    if (model !== undefined && plan.inserts.some((insert) => insert.replaces > 0)) {
      progress.done();
      io.stderr(`${loaded.label}: summarizing ${formatCount(plan.summarized)} messages with ${model.protocol} model ${model.model} at ${model.url}\n`);
      written = 0;
      asked = true;
      try {
        plan = await withModelSummaries(conversation.messages, plan, model, { counter });
      } catch (error) {
        if (!(error instanceof ModelRequestError)) throw error;
        throw new CliError(`${loaded.label}: the model summary failed, nothing written: ${error.message}`);
      } finally {
        modelProgress.done();
      }
    }
    const output = applyPrunePlan(conversation.messages, plan);
    const serialized = serializeTranscript(conversation, output, to);
    const provider = providerForFormat(to ?? conversation.format);
    const inputProblems = new Set(validateMessages(conversation.messages, provider).map((p) => `${p.messageIndex} ${p.rule}`));
    const origins = planOutputOrigins(plan);
    const problems = validateMessages(output, provider).map((p) => {
      const inputIndex = origins[p.messageIndex] ?? -1;
      const line = inputIndex >= 0 ? lineOf(conversation, inputIndex) : undefined;
      return { ...p, inputIndex, inInput: inputProblems.has(`${inputIndex} ${p.rule}`), ...(line !== undefined ? { line } : {}) };
    });
    results.push({ conversation, plan, sent: output.length, tokensBefore: total, problems, repairs, text: serialized.text, ...(serialized.note ? { note: serialized.note } : {}) });
  }
  progress.done();
  if (model !== undefined && !asked) io.stderr(`${loaded.label}: ${strategy} wrote no summary here, so no model was asked\n`);

  const text = joinOutputs(results);
  if (values.json === true) {
    const summarizer = model === undefined ? { kind: 'extractive' } : { kind: 'model', protocol: model.protocol, model: model.model, url: model.url };
    io.stdout(`${JSON.stringify({ file: loaded.label, strategy, config: { ...options, ...bound }, encoding: counter.encoding, summarizer, conversations: results.map(toJson), text }, null, 2)}\n`);
  } else {
    io.stdout(text.endsWith('\n') || text.length === 0 ? text : `${text}\n`);
  }
  return report(io, loaded.label, strategy, results);
}

/** The core checks a config before any file is read, so a bad option costs no parse; its words are the flags'. */
function checkConfig(config: PrunerConfig): void {
  try {
    getStrategy(config.strategy).normalize(config);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/^pruneMessages: /, '');
    throw new CliError(`${COMMAND}: ${message.replace(/\b([a-z]+[A-Z][A-Za-z]*)\b/g, (key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)}`);
  }
}

/** Entries of a multi-conversation JSON file are written back as one array, as the file held them. */
function joinOutputs(results: readonly PrunedConversation[]): string {
  if (results.length === 1) return (results[0] as PrunedConversation).text;
  const entries = results.flatMap((r) => JSON.parse(r.text) as unknown[]);
  return JSON.stringify(entries, null, 2);
}

function toJson(r: PrunedConversation) {
  const { plan } = r;
  return {
    id: r.conversation.id,
    title: r.conversation.title,
    messages: r.conversation.messages.length,
    sent: r.sent,
    kept: plan.kept,
    dropped: plan.dropped,
    summarized: plan.summarized,
    masked: plan.masked,
    tokensBefore: r.tokensBefore,
    tokensAfter: plan.tokens,
    ...(plan.over ? { over: plan.over } : {}),
    problems: r.problems,
    repairs: r.repairs,
    ...(r.note ? { note: r.note } : {}),
  };
}

/** The summary, problems and notes on stderr; the exit status. */
function report(io: Io, label: string, strategy: string, results: readonly PrunedConversation[]): number {
  const many = results.length > 1;
  let failed = false;
  const notes = new Set<string>();
  let messages = 0;
  let kept = 0;
  let before = 0;
  let after = 0;
  for (const r of results) {
    const where = many ? `${label} (${r.conversation.id})` : label;
    for (const change of r.repairs) io.stderr(`${where}: repaired message ${change.index}: ${change.detail} (${change.rule})\n`);
    for (const p of r.problems) {
      const at = p.line !== undefined ? `${label}:${p.line}${many ? ` (${r.conversation.id})` : ''}` : where;
      const origin = p.inputIndex >= 0 ? `input message ${p.inputIndex}` : 'a message the strategy added';
      io.stderr(`${at}: output message ${p.messageIndex} (${origin}): ${p.rule}: ${p.message}${p.inInput ? ' [also in the input]' : ''}\n`);
      failed = true;
    }
    if (r.plan.over) {
      io.stderr(`${where}: over the bound by ${formatCount(r.plan.over.by)} ${r.plan.over.by === 1 ? r.plan.over.unit.slice(0, -1) : r.plan.over.unit}: ${r.plan.over.why}\n`);
      // A token bound is the context window itself; a message bound is a proxy the window strategies may pass.
      if (r.plan.over.unit === 'tokens') failed = true;
    }
    if (r.note) notes.add(r.note);
    messages += r.conversation.messages.length;
    kept += r.sent;
    before += r.tokensBefore;
    after += r.plan.tokens;
  }
  for (const note of notes) io.stderr(`${label}: note: ${note}\n`);
  const scope = many ? `${results.length} conversations` : `${messages} messages`;
  io.stderr(
    `${label}: ${strategy} on ${scope}: ${formatCount(kept)} of ${formatCount(messages)} messages sent, ${formatCount(before)} → ${formatCount(after)} tokens (${formatShare(before - after, before)} saved)\n`,
  );
  if (results.some((r) => r.problems.length > 0) && results.every((r) => r.repairs.length === 0)) {
    io.stderr(`${label}: the API would reject the output; --repair fixes what the input already held\n`);
  }
  return failed ? EXIT_PROBLEMS : EXIT_OK;
}
