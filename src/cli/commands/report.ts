import { STRATEGY_REGISTRY, getStrategy } from '../../lib/index';
import { transcriptExtensions } from '../../lib/formats';
import { parseFlags, readChoice, single, type FlagSpec } from '../args';
import { CliError, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from '../errors';
import { FORMATS, readCorpusFlags, readMergePart, WHOLE_HISTORY_HELP } from '../input';
import type { Io } from '../io';
import { replayCore, type ReplayCore } from '../replay/replay-core';
import { mergeReports, reportJson } from '../report/aggregate';
import { configFor, errorText } from '../report/analyze-conversation';
import { inProcessRunner, workerRunner, type Runner } from '../report/runner';
import type { ReportBound, ReportJson, ReportSettings } from '../report/types';
import { runCorpus } from '../report/run-corpus';
import { checkOptionsUsed, readBoundFlags, readStrategies, readStrategyOptions, strategiesHelp, strategyFlags, strategyFlagSpecs, strategyWithOption } from '../strategy-flags';
import { formatChange, formatCount, formatShare, formatTable, formatUsd, toCsv } from '../text';
import { ENCODING_CHOICES, type EncodingChoice } from '../tokens';
import { PRICES_USAGE, readPrices } from '../prices';

const COMMAND = 'report';

const OWN_FLAGS: Record<string, FlagSpec> = {
  strategy: { type: 'string', short: 's', multiple: true },
  'max-turns': { type: 'string' },
  'max-tokens': { type: 'string' },
  fraction: { type: 'string' },
  encoding: { type: 'string' },
  format: { type: 'string' },
  model: { type: 'string', short: 'm' },
  prices: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  merge: { type: 'boolean' },
  'whole-history': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export function reportHelp(): string {
  return `Usage: prunescope report FILES… | DIR [--strategy S …] [--fraction F | --max-tokens N | --max-turns N] [options]
       prunescope report --merge PART.json…

For a corpus of transcripts (files, - for standard input, or directories searched for ${transcriptExtensions().join(', ')} files),
each strategy's totals across every conversation: tokens sent and saved, outputs the API would accept, problems
pruning added, the task (the first prompt a person typed) still sent as it was, conversations over their bound.
The first row, none, is the corpus as it was. Files are read one after another and their conversations analysed in parallel by worker threads;
a file that cannot be read or parsed is reported on stderr and skipped.

Options:
  -s, --strategy S       a strategy to measure (repeat, or S1,S2; default: every strategy)
  --fraction F           each conversation's bound is F × its own tokens (default 0.5)
  --max-tokens N         the same token bound for every conversation instead
  --max-turns N          a bound in messages instead (strategies that take no such bound run on their options)
  --encoding E           ${ENCODING_CHOICES.join(', ')} (default auto: the format's API)
  --format FORMAT        read every file as ${FORMATS.join(', ')} instead of detecting it
  -j, --jobs N           worker threads (default: the number of cores); 1 runs in this process
  --json                 write every file's and conversation's figures and the totals (mergeable)
  --csv                  write the totals as CSV
  --merge                the arguments are --json reports of parts of one run: write their combined report
  ${WHOLE_HISTORY_HELP}
  -m, --model M          the model the cost column prices (default: the model each file records, else by
                         format); a model the price table lacks takes its family's nearest entry, and the
                         report says which entries it used
  --prices P             prices of your own, in dollars per million tokens: ${PRICES_USAGE}
                         (any of them; they replace the table's for every conversation)
  -h, --help             this help

${strategiesHelp()}

Splitting a corpus across machines: run the same command on each part with --json, then merge.
  ls corpus/*.jsonl | split -n r/4 - part.          # four lists of files
  prunescope report $(cat part.aa) --json > aa.json  # on each machine, the same options
  prunescope report --merge aa.json ab.json ac.json ad.json
On one machine, GNU parallel or xargs -P can do the same: each part's report in its own process.
  ls corpus/* | parallel -j4 -N50 'prunescope report {} --jobs 1 --json > part-{#}.json'
  prunescope report --merge part-*.json --csv

Exit status: 0 every file read; 1 a file was skipped or a conversation could not be analysed (stderr says
which; the report covers the rest); 2 bad usage, or nothing could be read.

Examples:
  prunescope report fixtures/tau-bench-gpt-4o-airline.json
  prunescope report ~/.claude/projects --strategy ${strategyWithOption('intent')},${strategyWithOption('keepRecent')} --max-tokens 50000 --csv
`;
}

export interface ReportOptions {
  /** The built worker script; `undefined` runs everything in-process whatever `--jobs` says. */
  workerUrl?: URL;
  replay?: ReplayCore;
}

export async function reportCommand(args: readonly string[], io: Io, options: ReportOptions = {}): Promise<number> {
  const flags = strategyFlags(Object.keys(OWN_FLAGS));
  const { values, positionals } = parseFlags(COMMAND, args, { ...OWN_FLAGS, ...strategyFlagSpecs(flags) });
  if (values.help === true) {
    io.stdout(reportHelp());
    return EXIT_OK;
  }
  if (values.json === true && values.csv === true) throw new CliError(`${COMMAND}: give --json or --csv, not both`);
  if (positionals.length === 0) throw new CliError(`${COMMAND}: give transcript files or directories (prunescope report --help)`);
  if (values.merge === true) return merge(io, positionals, values.json === true, values.csv === true);

  const settings = readSettings(values, flags);
  const { jobs, format } = readCorpusFlags(COMMAND, io, values);
  const replay = options.replay ?? replayCore;

  const runner: Runner = jobs > 1 && options.workerUrl !== undefined ? workerRunner(jobs, options.workerUrl, settings) : inProcessRunner(settings, replay);
  try {
    const { files, outcomes: conversations } = await runCorpus(io, positionals, { command: COMMAND, format, wholeHistory: values['whole-history'] === true, inFlight: jobs * 8 }, (task) => runner.run(task));
    const report = reportJson(settings, files, conversations);
    for (const c of conversations) if (c.error !== undefined) io.stderr(`${c.file} (${c.id}): not analysed: ${c.error}\n`);
    for (const c of conversations) {
      for (const s of c.strategies) if (s.error !== undefined) io.stderr(`${c.file} (${c.id}): ${s.strategy} failed: ${s.error}\n`);
    }
    write(io, report, values.json === true, values.csv === true);
    if (conversations.length === 0 && files.some((f) => f.error !== undefined)) return EXIT_USAGE;
    const troubled = files.some((f) => f.error !== undefined) || conversations.some((c) => c.error !== undefined || c.strategies.some((s) => s.error !== undefined));
    return troubled ? EXIT_PROBLEMS : EXIT_OK;
  } finally {
    await runner.close();
  }
}

function readSettings(values: Parameters<typeof readBoundFlags>[1], flags: ReturnType<typeof strategyFlags>): ReportSettings {
  const chosen = readStrategies(COMMAND, values);
  const ids = chosen.length > 0 ? [...new Set(chosen)] : STRATEGY_REGISTRY.map((s) => s.id);
  checkOptionsUsed(COMMAND, ids, values, flags);
  const given = readBoundFlags(COMMAND, values);
  const fractionText = single(COMMAND, values, 'fraction');
  const boundsGiven = [given.maxTurns, given.maxTokens, fractionText].filter((b) => b !== undefined).length;
  if (boundsGiven > 1) throw new CliError(`${COMMAND}: give one of --fraction, --max-tokens and --max-turns`);
  let bound: ReportBound;
  if (given.maxTokens !== undefined) bound = { kind: 'tokens', maxTokens: given.maxTokens };
  else if (given.maxTurns !== undefined) bound = { kind: 'turns', maxTurns: given.maxTurns };
  else {
    const fraction = fractionText === undefined ? 0.5 : Number(fractionText);
    if (!(fraction > 0 && fraction <= 1)) throw new CliError(`${COMMAND}: --fraction must be a number above 0 and at most 1, got ${JSON.stringify(fractionText)}`);
    bound = { kind: 'fraction', fraction };
  }
  const strategies = ids.map((id) => ({ id, options: readStrategyOptions(COMMAND, id, values, flags, false) }));
  // Check every config once before any file is read, so a bad option costs nothing and says so in the flags' words.
  for (const { id, options } of strategies) {
    try {
      getStrategy(id).normalize(configFor(id, options, bound, 1000));
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`${COMMAND}: ${id}: ${errorText(error).replace(/^pruneMessages: /, '')}`);
    }
  }
  const encoding = readChoice(COMMAND, 'encoding', single(COMMAND, values, 'encoding') ?? 'auto', ENCODING_CHOICES) as EncodingChoice;
  const model = single(COMMAND, values, 'model');
  const pricesText = single(COMMAND, values, 'prices');
  return { strategies, bound, encoding, ...(model !== undefined ? { model } : {}), ...(pricesText !== undefined ? { prices: readPrices(COMMAND, pricesText) } : {}) };
}

async function merge(io: Io, paths: readonly string[], json: boolean, csv: boolean): Promise<number> {
  const parts: { label: string; value: unknown }[] = [];
  for (const path of paths) parts.push({ label: path, value: await readMergePart(io, COMMAND, path) });
  const report = mergeReports(parts);
  write(io, report, json, csv);
  return report.files.some((f) => f.error !== undefined) ? EXIT_PROBLEMS : EXIT_OK;
}

function write(io: Io, report: ReportJson, json: boolean, csv: boolean): void {
  if (json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  const priced = report.totals.every((t) => t.costUsd !== undefined);
  if (csv) {
    const header = ['strategy', 'conversations', 'tokens_in', 'tokens_out', 'saved_share', 'api_valid', 'problems_added', 'task_kept', 'tasks', 'over_bound', 'errors', 'cost_usd'];
    const rows = report.totals.map((t) => [
      t.strategy,
      t.conversations,
      t.tokensIn,
      t.tokensOut,
      t.tokensIn > 0 ? Number(((t.tokensIn - t.tokensOut) / t.tokensIn).toFixed(4)) : '',
      t.valid,
      t.addedProblems,
      t.taskKept,
      t.tasks,
      t.over,
      t.errors,
      // Dollars to a millionth: the sum of per-request prices carries float noise (0.16431695000000002).
      t.costUsd === undefined ? '' : Number(t.costUsd.toFixed(6)),
    ]);
    io.stdout(toCsv(header, rows));
    return;
  }
  const none = report.totals[0];
  const header = ['strategy', 'conversations', 'tokens sent', 'saved', 'API-valid', 'problems added', 'task kept', 'over bound', ...(priced ? ['cost', 'vs none'] : [])];
  const rows = report.totals.map((t) => [
    t.strategy === 'none' ? 'none (as sent)' : t.strategy,
    formatCount(t.conversations),
    formatCount(t.tokensOut),
    t.strategy === 'none' ? '–' : formatShare(t.tokensIn - t.tokensOut, t.tokensIn),
    `${formatCount(t.valid)} / ${formatCount(t.conversations)}`,
    formatCount(t.addedProblems),
    `${formatCount(t.taskKept)} / ${formatCount(t.tasks)}`,
    formatCount(t.over),
    ...(priced ? [formatUsd(t.costUsd ?? 0), t.strategy === 'none' || none?.costUsd === undefined ? '' : formatChange(t.costUsd ?? 0, none.costUsd)] : []),
  ]);
  const read = report.files.filter((f) => f.error === undefined);
  const skipped = report.files.length - read.length;
  const bound = report.settings.bound;
  const boundText =
    bound.kind === 'fraction' ? `each conversation's bound ${bound.fraction} × its tokens` : bound.kind === 'tokens' ? `bound ${formatCount(bound.maxTokens)} tokens` : `bound ${formatCount(bound.maxTurns)} messages`;
  const encodings = [...new Set(report.conversations.map((c) => c.encoding).filter((e) => e !== ''))].join(', ') || '–';
  io.stdout(
    `${formatCount(none?.conversations ?? 0)} conversation${none?.conversations === 1 ? '' : 's'} in ${read.length} file${read.length === 1 ? '' : 's'}${skipped > 0 ? ` (${skipped} skipped)` : ''}; ${boundText}; tokens counted with ${encodings}${priced ? '' : "; no cost column: some conversations' models have no prices (--model picks one, --prices gives them)"}\n`,
  );
  io.stdout(formatTable(header, rows, ['left', ...header.slice(1).map(() => 'right' as const)]));
  // Another system's manager takes no bound: a row of 0% saved is a trigger never reached, not a failure (a trial).
  const own = report.totals.filter((t) => t.strategy !== 'none' && getStrategy(t.strategy).bounds.length === 0).map((t) => t.strategy);
  if (own.length > 0) io.stdout(`${own.join(', ')}: no bound; each acts on its own trigger (0% saved: never reached)\n`);
  const pricedWith = [...new Set(report.conversations.flatMap((c) => (c.pricedWith === undefined ? [] : [c.pricedWith])))];
  if (priced && pricedWith.length > 0) io.stdout(`priced with ${pricedWith.join('; ')}\n`);
}
