import { listFormats, readReplayInputs } from '../../lib/formats';
import { STRATEGY_REGISTRY, countMessageTokens, type PrunerConfig, type ReplayTrigger } from '../../lib/index';
import { parseFlags, readChoice, readInteger, single, type FlagSpec } from '../args';
import { CliError, EXIT_OK } from '../errors';
import { FORMATS, loadTranscript, selectConversations } from '../input';
import type { Io } from '../io';
import { createProgress, LARGE_INPUT_CHARS } from '../progress';
import { defaultReplayModel as defaultModel } from '../../lib/formats';
import { replayCore, type ModelPrices, type ReplayCore, type ReplayResult } from '../replay/replay-core';
import { noPricesError, pricesLine, PRICES_USAGE, readPrices } from '../prices';
import { recordedFitText } from '../replay/recorded-fit-text';
import {
  checkOptionsUsed,
  readBoundFlags,
  readStrategies,
  readStrategyOptions,
  strategiesHelp,
  strategyConfig,
  strategyFlags,
  strategyFlagSpecs,
  strategyWithOption,
  type BoundFlags,
} from '../strategy-flags';
import { formatChange, formatCount, formatTable, formatUsd } from '../text';
import { ENCODING_CHOICES, loadCounter, type EncodingChoice } from '../tokens';

const COMMAND = 'replay';

const OWN_FLAGS: Record<string, FlagSpec> = {
  model: { type: 'string', short: 'm' },
  prices: { type: 'string' },
  mode: { type: 'string' },
  trigger: { type: 'string' },
  calibrate: { type: 'boolean' },
  'per-request': { type: 'boolean' },
  strategy: { type: 'string', short: 's', multiple: true },
  'max-turns': { type: 'string' },
  'max-tokens': { type: 'string' },
  conversation: { type: 'string', short: 'c' },
  format: { type: 'string' },
  encoding: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** Each default model with the formats it is the default of, one per help line. */
function defaultModels(): string {
  const formats = new Map<string, string[]>();
  for (const { id } of listFormats()) {
    const model = defaultModel(id);
    formats.set(model, [...(formats.get(model) ?? []), id]);
  }
  return [...formats].map(([model, ids]) => `${' '.repeat(25)}${model} for ${ids.join(', ')}`).join('\n');
}

export function replayHelp(): string {
  return `Usage: prunescope replay FILE [--model M] [--mode stateless|live] [--strategy S …] [--max-tokens N] [options]

Sends the agent's requests again under each strategy and prices them with prompt caching: every assistant message
is one request whose input is the history before it. The first row, none, is the transcript as it was sent; with
recorded usage (Claude Code, Codex), it is checked against what the file says the requests cost; with a recorded
total of the run (SWE-agent's info.model_stats), its input, output and bill are set beside the total's.

Options:
  -m, --model M          prices of this model (default: the model the file records, else the format's:
${defaultModels()})
                         A model the price table lacks takes its family's nearest entry (gpt-5.5 → openai/gpt-5);
                         the output says which entry it used
  --prices P             prices of your own, in dollars per million tokens: ${PRICES_USAGE}
                         (any of them; they replace the table's; a model the table does not know needs input and
                         output, and its cache read defaults to the input price, its cache write to 0)
  --mode MODE            stateless (default): prune the whole history before every request;
                         live: keep sending what was sent, prune when the trigger fires
  --trigger T            for live: fraction:0.8 (default; of the model's window, else 200k), over:N (tokens),
                         or every:K (requests)
  --calibrate            fit the messages to the recorded bill: what a request held beyond the file (reminders,
                         hook output) is added to the message before it, so no pruning matches the recorded input
  --per-request          with recorded usage: every request against the file (default: the five that part most)
  -s, --strategy S       a strategy to replay (repeat, or S1,S2; default: every strategy)
  --max-turns N          the strategies' bound, in messages
  --max-tokens N         the strategies' bound, in tokens (default: half the conversation's tokens)
  -c, --conversation ID  the conversation: its id, or its number from 1 (default: the first)
  --format FORMAT        read as ${FORMATS.join(', ')} instead of detecting it
  --encoding E           ${ENCODING_CHOICES.join(', ')} (default auto)
  --json                 write { model, mode, recorded?, recordedTotal?, strategies: [{ id, options, totals, requests }] }
  -h, --help             this help

${strategiesHelp()}

Exit status: 0 done; 2 bad usage or unreadable input.

Token budget and governor plan each request from scratch in stateless mode (their summaries and scores depend on the
whole history), so they take time that grows with the square of the requests: seconds at 1,000 messages, minutes at
10,000. Live mode plans them only when the trigger fires.

Examples:
  prunescope replay session.jsonl --model anthropic/claude-sonnet-4.5
  prunescope replay session.jsonl --mode live -s ${strategyWithOption('keepRecent')},${strategyWithOption('intent')} --json | jq '.strategies[].totals'
  prunescope replay rollout.jsonl --mode live --trigger over:100000 --calibrate
  prunescope replay session.jsonl --model in-house-7b --prices input=0.2,output=0.4
`;
}

/** `fraction:0.8`, `over:N` or `every:K`, as `--trigger` takes it. */
export function readTrigger(text: string, window: number): ReplayTrigger {
  const [kind, value = ''] = text.split(':', 2);
  if (kind === 'fraction') {
    const of = Number(value);
    if (!(of > 0 && of <= 1)) throw new CliError(`${COMMAND}: --trigger fraction:F takes F between 0 and 1, such as fraction:0.8; got ${JSON.stringify(text)}`);
    return { kind: 'fraction', of, window };
  }
  if (kind === 'over') return { kind: 'tokens', over: readInteger(COMMAND, 'trigger over', value, 1, 1e9) };
  if (kind === 'every') return { kind: 'every', requests: readInteger(COMMAND, 'trigger every', value, 1, 1e9) };
  throw new CliError(`${COMMAND}: --trigger takes fraction:F, over:N or every:K; got ${JSON.stringify(text)}`);
}

export async function replayCommand(args: readonly string[], io: Io, core: ReplayCore = replayCore): Promise<number> {
  const flags = strategyFlags(Object.keys(OWN_FLAGS));
  const { values, positionals } = parseFlags(COMMAND, args, { ...OWN_FLAGS, ...strategyFlagSpecs(flags) });
  if (values.help === true) {
    io.stdout(replayHelp());
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new CliError(`${COMMAND}: give one transcript file, or - for standard input (prunescope replay --help)`);
  const mode = readChoice(COMMAND, 'mode', single(COMMAND, values, 'mode') ?? 'stateless', ['stateless', 'live'] as const);
  const chosen = readStrategies(COMMAND, values);
  const strategies = chosen.length > 0 ? chosen : STRATEGY_REGISTRY.map((s) => s.id);
  checkOptionsUsed(COMMAND, strategies, values, flags);
  const givenBound = readBoundFlags(COMMAND, values);
  const formatText = single(COMMAND, values, 'format');
  const format = formatText === undefined ? undefined : readChoice(COMMAND, 'format', formatText, FORMATS);
  const encoding = readChoice(COMMAND, 'encoding', single(COMMAND, values, 'encoding') ?? 'auto', ENCODING_CHOICES) as EncodingChoice;
  const pricesText = single(COMMAND, values, 'prices');
  const givenPrices = pricesText === undefined ? undefined : readPrices(COMMAND, pricesText);
  const triggerText = single(COMMAND, values, 'trigger');
  if (triggerText !== undefined && mode !== 'live') throw new CliError(`${COMMAND}: --trigger is for --mode live`);

  const loaded = await loadTranscript(io, positionals[0] as string, format);
  const wanted = single(COMMAND, values, 'conversation');
  const conversation = selectConversations(COMMAND, loaded, wanted)[0];
  if (conversation === undefined) throw new CliError(`${COMMAND}: ${loaded.label} holds no conversation`);
  if (wanted === undefined && loaded.parsed.conversations.length > 1) {
    io.stderr(`${loaded.label}: holds ${loaded.parsed.conversations.length} conversations; replayed the first (${conversation.id}); --conversation picks another\n`);
  }
  const progress = createProgress(io, io.stderrIsTTY && loaded.text.length >= LARGE_INPUT_CHARS);
  const counter = await loadCounter(io, encoding, loaded.parsed.format);
  progress.update('counting');
  const counts = countMessageTokens(conversation.messages, counter);
  const inputs = readReplayInputs(conversation, counter, { text: loaded.text, calibrate: values.calibrate === true, counts });
  const { tokens, recorded } = inputs;
  const unrecordedInput = listFormats().find((info) => info.id === conversation.format)?.harness?.unrecordedInput;
  const asked = single(COMMAND, values, 'model');
  const fileModel = inputs.model ?? inputs.recordedTotal?.model;
  let model = asked ?? fileModel ?? defaultModel(conversation.format);
  let prices = await core.pricesFor(model, givenPrices);
  if (prices === undefined && asked === undefined && fileModel !== undefined) {
    // The file names a model the price table does not know: price as the format's default, and say so.
    model = defaultModel(conversation.format);
    io.stderr(`${loaded.label}: no prices for the file's model ${JSON.stringify(fileModel)}; priced as ${model} (--model or --prices picks another)\n`);
    prices = await core.pricesFor(model, givenPrices);
  }
  if (prices === undefined) throw noPricesError(COMMAND, model);

  const bound: BoundFlags = givenBound.maxTurns === undefined && givenBound.maxTokens === undefined ? { maxTokens: halfOf(counts) } : givenBound;
  const options = new Map(strategies.map((id) => [id, readStrategyOptions(COMMAND, id, values, flags, false)]));
  const configs: { id: string; config?: PrunerConfig }[] = [
    { id: 'none' },
    ...strategies.map((id) => ({ id, config: strategyConfig(COMMAND, id, bound, options.get(id) ?? {}, false) })),
  ];
  const window = prices.contextWindow ?? 200_000;
  const trigger = mode === 'live' ? readTrigger(triggerText ?? 'fraction:0.8', window) : undefined;
  progress.update('replaying');
  const result = core.replayTranscript(conversation.messages, {
    strategies: configs,
    mode,
    ...(trigger ? { trigger } : {}),
    window,
    prices,
    cache: core.cacheRulesFor(model),
    tokens,
    fixedTokens: inputs.fixedTokens,
    counter,
    contextStarts: inputs.contextStarts,
    ...(inputs.priorTurnTokens ? { priorTurnTokens: inputs.priorTurnTokens } : {}),
    ...(inputs.messageTimes ? { messageTimes: inputs.messageTimes } : {}),
    ...(recorded.length > 0 ? { recorded } : {}),
    ...(inputs.recordedTotal ? { recordedTotal: inputs.recordedTotal } : {}),
    ...(inputs.observedCache ? { observedCache: inputs.observedCache } : {}),
  });
  const harness = inputs.harness && core.priceHarness ? await core.priceHarness(inputs.harness, prices) : undefined;
  progress.done();

  if (values.json === true) {
    const json = replayJson(result, conversation.id, bound, options);
    const extra = {
      ...(inputs.observedCache ? { observedCache: inputs.observedCache } : {}),
      ...(harness && inputs.harness ? { harness: { requests: inputs.harness.map((request, k) => ({ ...request, costUsd: harness.costUsd[k] })), totalUsd: harness.totalUsd } } : {}),
    };
    io.stdout(`${JSON.stringify({ ...json, prices, ...extra }, null, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(replayTable(result, loaded.label, conversation.id, prices));
  if (result.recorded) {
    const baseline = result.strategies.find((s) => s.id === 'none');
    io.stdout(
      recordedFitText(result.recorded, {
        calibrated: values.calibrate === true,
        ...(unrecordedInput !== undefined ? { unrecordedInput } : {}),
        outputPrice: prices.output,
        ...(inputs.observedCache ? { cacheNotes: inputs.observedCache.notes } : {}),
        allRequests: values['per-request'] === true,
        ...(harness && baseline ? { harness: { bill: harness, baselineUsd: baseline.totals.costUsd } } : {}),
      }),
    );
  }
  return EXIT_OK;
}

/** The `--json` shape: the brief's `{ model, recorded?, strategies: [{ id, options, totals, requests }] }`, plus where it came from. */
export function replayJson(result: ReplayResult, conversation: string, bound: BoundFlags, options: Map<string, Record<string, unknown>>) {
  return {
    model: result.model,
    mode: result.mode,
    conversation,
    ...(result.recorded ? { recorded: result.recorded } : {}),
    ...(result.recordedTotal ? { recordedTotal: result.recordedTotal } : {}),
    strategies: result.strategies.map((s) => ({
      id: s.id,
      options: s.id === 'none' ? {} : { ...bound, ...(options.get(s.id as never) ?? {}) },
      totals: s.totals,
      peakInputTokens: s.peakInputTokens,
      rewrites: s.rewrites,
      overWindow: s.overWindow,
      requests: s.requests,
    })),
  };
}

export function replayTable(result: ReplayResult, label: string, conversation: string, prices?: ModelPrices): string {
  const base = result.strategies.find((s) => s.id === 'none');
  const header = ['strategy', 'requests', 'input', 'cache read', 'cache write', 'output', 'peak input', 'rewrites', 'cost', 'vs none'];
  const rows = result.strategies.map((s) => [
    s.id,
    formatCount(s.requests.length),
    formatCount(s.totals.inputTokens),
    formatCount(s.totals.cacheReadTokens),
    formatCount(s.totals.cacheWriteTokens),
    formatCount(s.totals.outputTokens),
    formatCount(s.peakInputTokens),
    formatCount(s.rewrites),
    formatUsd(s.totals.costUsd),
    base && s !== base ? formatChange(s.totals.costUsd, base.totals.costUsd) : '',
  ]);
  const lines = [`${label} (${conversation}): ${result.mode} replay priced as ${result.model}\n`, ...(prices ? [`${pricesLine(prices)}\n`] : []), formatTable(header, rows, ['left', ...header.slice(1).map(() => 'right' as const)])];
  const t = result.recordedTotal;
  if (t) lines.push(`${totalLine(t, result.model)}\n`);
  return lines.join('');
}

/** The no-pruning replay beside the run's recorded total: requests, input, output, and the two bills. */
function totalLine(t: NonNullable<ReplayResult['recordedTotal']>, pricedAs: string): string {
  const pair = (recorded: number | undefined, replayed: number, format: (n: number) => string): string =>
    recorded === undefined ? `${format(replayed)} replayed (not recorded)` : `${format(recorded)} recorded vs ${format(replayed)} replayed (${formatChange(replayed, recorded, 2)})`;
  const parts = [
    `requests ${t.recordedRequests === undefined ? `${formatCount(t.replayedRequests)} replayed` : `${formatCount(t.recordedRequests)} recorded vs ${formatCount(t.replayedRequests)} replayed`}`,
    `input ${pair(t.recordedInputTokens, t.replayedInputTokens, formatCount)}`,
    `output ${pair(t.recordedOutputTokens, t.replayedOutputTokens, formatCount)}`,
    `cost ${t.recordedCostUsd === undefined ? `${formatUsd(t.replayedCostUsd)} replayed at ${pricedAs} (not recorded)` : `${formatUsd(t.recordedCostUsd)} recorded${t.model !== undefined ? ` (${t.model})` : ''} vs ${formatUsd(t.replayedCostUsd)} replayed at ${pricedAs}`}`,
  ];
  return `recorded total (${t.where}): ${parts.join('; ')}`;
}

/**
 * The default bound: half the conversation's tokens as `stats` and the inspector count them. Not the replay's own
 * counts, which add the hidden reasoning the file recorded (and with `--calibrate`, what the bill held beyond the file).
 */
function halfOf(counts: Float64Array): number {
  let total = 0;
  for (const count of counts) total += count;
  return Math.round(total / 2);
}
