import { adviseSweeps, createModelSummarizer, STRATEGY_REGISTRY, type ModelSummarizer, type AdviceConstraints, type KeepTarget, type SweepResult } from '../../lib/index';
import { parseFlags, readChoice, readInteger, single, type FlagSpec, type FlagValues } from '../args';
import { CliError, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from '../errors';
import { FORMATS, readCorpusFlags, WHOLE_HISTORY_HELP } from '../input';
import type { Io } from '../io';
import { replayCore } from '../replay/replay-core';
import { runCorpus } from '../report/run-corpus';
import { workerPool, type Runner } from '../report/runner';
import type { ConversationTask, FileOutcome } from '../report/types';
import { readStrategies } from '../strategy-flags';
import { ENCODING_CHOICES, type EncodingChoice } from '../tokens';
import { PRICES_USAGE, readPrices } from '../prices';
import { analyzeForAdvice } from '../advise/analyze-for-advice';
import { adviseText } from '../advise/advise-text';
import { readMergeFiles } from '../advise/read-merge-files';
import { modelProbesText, probeWithModel } from '../advise/probe-with-model';
import { DEFAULT_MODEL_PROTOCOL, keyVariables, MODEL_PROTOCOLS } from '../model-flags';
import type { ReportOptions } from './report';
import type { AdviseJson, AdviseOutcome, AdviseSettings, AdviseTask } from '../advise/types';
import { SPLIT_FROM_MESSAGES, sweepInParts } from '../advise/sweep-in-parts';

const COMMAND = 'advise';
const KEEP_TARGETS: readonly KeepTarget[] = ['task', 'requests', 'files', 'errors', 'plan'];

const FLAGS: Record<string, FlagSpec> = {
  model: { type: 'string', short: 'm' },
  window: { type: 'string', short: 'w' },
  keep: { type: 'string' },
  'max-extra-cost': { type: 'string' },
  bounds: { type: 'string' },
  strategy: { type: 'string', short: 's', multiple: true },
  encoding: { type: 'string' },
  format: { type: 'string' },
  prices: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  json: { type: 'boolean' },
  merge: { type: 'string', multiple: true },
  'whole-history': { type: 'boolean' },
  'probe-model': { type: 'string' },
  'probe-protocol': { type: 'string' },
  'probe-base-url': { type: 'string' },
  'probe-prompts': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export function adviseHelp(): string {
  return `Usage: prunescope advise FILE… | DIR [--model M] [--window N] [--keep task,errors,files] [--json] [--jobs N] [--merge FILE]

Which setting to run. Every strategy (${STRATEGY_REGISTRY.length}) is swept over a grid of token bounds (5, 10, 25, 50 and 80% of
the window) and, in live mode, triggers; each point's requests are replayed and priced with prompt caching, and
scored for loss by probes drawn from the transcript (the task and later requests, every file read or changed, the
last todo list, every error, results later messages refer to). Prints the recommendation and why, the frontier of
cost against loss, and for a corpus how often the recommendation was each conversation's best and its spread.

Options:
  -m, --model M          price at this model (default: the model each file records, else by format)
  -w, --window N         no request may exceed N tokens; the grid's scale (default: the model's window)
  --keep LIST            what must never be lost: ${KEEP_TARGETS.join(', ')}, or none (default: task)
  --max-extra-cost P     at most P% more than no pruning costs (negative: at least -P% less)
  --bounds N,N,…         token bounds to sweep instead of the default grid
  -s, --strategy S       sweep only these strategies (repeat, or S1,S2; default: every strategy)
  --encoding E           ${ENCODING_CHOICES.join(', ')} (default auto: the format's API)
  --format FORMAT        read every file as ${FORMATS.join(', ')} instead of detecting it
  --prices P             prices of your own, in dollars per million tokens: ${PRICES_USAGE}
  -j, --jobs N           worker threads (default: the number of cores); 1 runs in this process; a
                         conversation of 10,000 messages or more is swept on several at once, its
                         strategies shared among them
  --json                 { recommendation, frontier, points, … } and every conversation's sweep (mergeable)
  --merge FILE           an earlier advise --json with the same settings: its conversations count too, and its
                         files are not read again (resume a corpus, or combine parts: repeat it)
  ${WHOLE_HISTORY_HELP}
  -h, --help             this help

Probes answered by a model of your own (opt-in; nothing is sent without --probe-model):
  --probe-model NAME     ask this model the probe questions (one per kind: the task, later requests, files,
                         the plan, errors, results relied on) of each conversation's full context and of the
                         recommendation's pruned one; a probe is lost when the pruned answer no longer states
                         the fact the full answer states. Each conversation is sent to the endpoint.
  --probe-protocol P     anthropic, openai-chat or openai-responses (default openai-chat: vLLM, llama.cpp, Ollama)
  --probe-base-url URL   where the API is (default the protocol's official one), e.g. http://localhost:11434/v1
  --probe-prompts        write the exact prompts instead, and send nothing
  The key is read from PRUNESCOPE_API_KEY, else ANTHROPIC_API_KEY or OPENAI_API_KEY.

Exit status: 0 done; 1 a file was skipped or a conversation could not be swept, or nothing met the constraints;
2 bad usage, or nothing could be read.

Examples:
  prunescope advise fixtures/tau-bench-gpt-4o-airline.json
  prunescope advise ~/.claude/projects --window 200000 --keep task,errors,files --max-extra-cost 0
  prunescope advise part1/ --json > a.json && prunescope advise part2/ --merge a.json --json > all.json
`;
}

export async function adviseCommand(args: readonly string[], io: Io, options: ReportOptions = {}): Promise<number> {
  const { values, positionals } = parseFlags(COMMAND, args, FLAGS);
  if (values.help === true) {
    io.stdout(adviseHelp());
    return EXIT_OK;
  }
  const merged = await readMergeFiles(COMMAND, io, listOf(values.merge));
  if (positionals.length === 0 && merged === undefined) throw new CliError(`${COMMAND}: give transcript files or directories, or --merge (prunescope advise --help)`);
  const windowText = single(COMMAND, values, 'window');
  // With --merge the window is only the constraint (the parts were swept at theirs); else the grid's scale too.
  const window = windowText === undefined ? undefined : readInteger(COMMAND, 'window', windowText, 1_000, 100_000_000);
  const settings = merged?.settings ?? readSettings(values, window);
  if (merged !== undefined && hasSettingFlags(values)) throw new CliError(`${COMMAND}: with --merge the settings are the merged files'; give only --keep, --max-extra-cost, --window, --jobs, --json`);
  const constraints = readConstraints(values, window ?? settings.window);
  const { jobs, format } = readCorpusFlags(COMMAND, io, values);
  const replay = options.replay ?? replayCore;

  const threads = jobs > 1 && options.workerUrl !== undefined;
  const runner: Runner<AdviseTask, AdviseOutcome> = threads
    ? workerPool(jobs, options.workerUrl as URL, { advise: settings }, (task: AdviseTask, error: string): AdviseOutcome => ({ file: task.file, id: task.id, format: task.format, messages: task.messages.length, error }))
    : { run: (task) => analyzeForAdvice(task, settings, replay), close: async () => undefined };
  // A long conversation is swept on several threads at once (`sweepInParts` says how many), its strategies shared among them.
  const sweep = (task: ConversationTask) => (threads && task.messages.length >= SPLIT_FROM_MESSAGES ? sweepInParts(task, settings, jobs, (part) => runner.run(part)) : runner.run(task));
  let files: FileOutcome[] = merged?.files ?? [];
  let conversations: AdviseOutcome[] = merged?.conversations ?? [];
  try {
    if (positionals.length > 0) {
      const skip = new Set(files.map((f) => f.file));
      const run = await runCorpus(io, positionals, { command: COMMAND, format, wholeHistory: values['whole-history'] === true, inFlight: jobs * 4, skip }, sweep);
      files = [...files, ...run.files];
      conversations = [...conversations, ...run.outcomes];
    }
  } finally {
    await runner.close();
  }
  for (const c of conversations) if (c.error !== undefined) io.stderr(`${c.file} (${c.id}): not swept: ${c.error}\n`);
  const sweeps = conversations.flatMap((c) => (c.sweep === undefined ? [] : [c.sweep as SweepResult]));
  if (sweeps.length === 0) {
    io.stderr(`prunescope: ${COMMAND}: no conversation could be swept\n`);
    return EXIT_USAGE;
  }
  const advice = adviseSweeps(sweeps, constraints);
  const json: AdviseJson = {
    prunescope: 'advise',
    version: 1,
    settings,
    constraints,
    recommendation: advice.recommendation ?? null,
    reason: advice.reason,
    feasible: advice.feasible,
    partial: advice.partial,
    frontier: advice.frontier,
    points: advice.points,
    skipped: advice.skipped,
    files,
    conversations,
  };
  const probed = await probeRecommendation(io, values, positionals, json, settings, format);
  if (probed !== undefined) json.modelProbes = probed;
  io.stdout(values.json === true ? `${JSON.stringify(json)}\n` : `${adviseText(json)}${probed?.outcomes.length ? modelProbesText(probed.outcomes, probed.model) : ''}`);
  const troubled =
    files.some((f) => f.error !== undefined) ||
    conversations.some((c) => c.error !== undefined) ||
    advice.recommendation === undefined ||
    (probed?.outcomes.some((o) => o.error !== undefined) ?? false);
  return troubled ? EXIT_PROBLEMS : EXIT_OK;
}

/**
 * With --probe-model (or --probe-prompts), the recommendation's pruned context of every conversation asked the probe
 * questions beside the full one, one conversation at a time (files read again: the sweep kept no messages).
 */
async function probeRecommendation(io: Io, values: FlagValues, positionals: readonly string[], json: AdviseJson, settings: AdviseSettings, format: Parameters<typeof runCorpus>[2]['format']): Promise<AdviseJson['modelProbes']> {
  const name = single(COMMAND, values, 'probe-model');
  const show = values['probe-prompts'] === true;
  const given = ['probe-protocol', 'probe-base-url'].filter((flag) => values[flag] !== undefined);
  if (name === undefined && !show) {
    if (given.length > 0) throw new CliError(`${COMMAND}: --${given[0]} goes with --probe-model`);
    return undefined;
  }
  if (json.recommendation === null) {
    io.stderr(`${COMMAND}: no recommendation, so nothing to probe with a model\n`);
    return undefined;
  }
  if (positionals.length === 0) throw new CliError(`${COMMAND}: --probe-model reads the conversations again: give the files as well as --merge`);
  const model = show ? undefined : probeModel(name ?? '', values, io.env ?? {});
  const recommendation = json.recommendation;
  const run = await runCorpus(io, positionals, { command: COMMAND, format, wholeHistory: values['whole-history'] === true, inFlight: 1 }, (task) => probeWithModel(io, task, recommendation, settings, model));
  return { model: model?.model ?? name ?? '', outcomes: run.outcomes };
}

function probeModel(name: string, values: FlagValues, env: Readonly<Record<string, string | undefined>>): ModelSummarizer {
  if (name.trim() === '') throw new CliError(`${COMMAND}: --probe-model needs the model's name, as the endpoint knows it`);
  const protocol = readChoice(COMMAND, 'probe-protocol', single(COMMAND, values, 'probe-protocol') ?? DEFAULT_MODEL_PROTOCOL, MODEL_PROTOCOLS);
  const baseUrl = single(COMMAND, values, 'probe-base-url');
  const variable = keyVariables(protocol).find((key) => (env[key] ?? '') !== '');
  try {
    // Answers are short lists: a small cap keeps a chatty model from writing essays.
    return createModelSummarizer({ protocol, model: name, maxTokens: 1_000, ...(baseUrl !== undefined ? { baseUrl } : {}), ...(variable !== undefined ? { apiKey: env[variable] as string } : {}) });
  } catch (error) {
    throw new CliError(`${COMMAND}: ${(error instanceof Error ? error.message : String(error)).replace(/^createModelSummarizer: baseUrl/, '--probe-base-url')}`);
  }
}

function readSettings(values: FlagValues, window: number | undefined): AdviseSettings {
  const strategies = [...new Set(readStrategies(COMMAND, values))];
  const model = single(COMMAND, values, 'model');
  const boundsText = single(COMMAND, values, 'bounds');
  const pricesText = single(COMMAND, values, 'prices');
  const bounds = boundsText === undefined ? undefined : boundsText.split(',').map((b) => readInteger(COMMAND, 'bounds', b.trim(), 1, 100_000_000));
  return {
    encoding: readChoice(COMMAND, 'encoding', single(COMMAND, values, 'encoding') ?? 'auto', ENCODING_CHOICES) as EncodingChoice,
    ...(model !== undefined ? { model } : {}),
    ...(window !== undefined ? { window } : {}),
    ...(bounds !== undefined ? { bounds } : {}),
    ...(strategies.length > 0 ? { strategies } : {}),
    ...(pricesText !== undefined ? { prices: readPrices(COMMAND, pricesText) } : {}),
  };
}

function readConstraints(values: FlagValues, window: number | undefined): AdviceConstraints {
  const keepText = single(COMMAND, values, 'keep') ?? 'task';
  const keep = keepText === 'none' || keepText === '' ? [] : keepText.split(',').map((k) => readChoice(COMMAND, 'keep', k.trim(), KEEP_TARGETS));
  const extraText = single(COMMAND, values, 'max-extra-cost');
  const extra = extraText === undefined ? undefined : Number(extraText.replace(/%$/, ''));
  if (extra !== undefined && !(Number.isFinite(extra) && extra > -100)) throw new CliError(`${COMMAND}: --max-extra-cost takes a percentage above -100, such as 10 or -20; got ${JSON.stringify(extraText)}`);
  return { keep: [...new Set(keep)], ...(window !== undefined ? { window } : {}), ...(extra !== undefined ? { maxExtraCost: extra / 100 } : {}) };
}

/** Flags that change the sweep itself: with --merge they would make parts of one answer incomparable. */
function hasSettingFlags(values: FlagValues): boolean {
  return ['model', 'bounds', 'strategy', 'encoding', 'prices'].some((flag) => values[flag] !== undefined);
}

function listOf(value: FlagValues[string]): string[] {
  return value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);
}
