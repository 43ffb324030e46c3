/**
 * Replay benchmark (issue 12): how long `replayTranscript` takes, what each strategy costs on a real session, and
 * how close the no-pruning replay comes to the bills real sessions recorded.
 *
 *   npx tsx bench/replay.bench.ts            (all three parts; --part=speed|spotter|recorded for one)
 *
 * 1. Speed, on a seeded synthetic transcript of 100k messages (`synthetic-transcript.ts`; counts by characters ÷ 4,
 *    untimed, as the inspector would hold them): every registered strategy alone (the peers included), stateless
 *    and live (80% of a 200k window, or the strategy's own trigger), bounded to 100k tokens where it takes a bound,
 *    else with its defaults; then the six of the seeds and masking together in one call. Each is first timed at
 *    1k, 2k and 4k messages; one whose growth puts 100k over a minute (a plan per request, O(n²)) is extrapolated
 *    from those, the others run at 100k: one warm-up and five timed runs (one when over 5 s), a full GC and a pause
 *    before each; the median of wall time and of the process's CPU time (this machine is shared: when other work
 *    competes for its two cores, wall time includes the wait, CPU time does not). The six together, and every
 *    strategy not marked slow together, leave out those extrapolated. `--size=N`, `--only=a,b`,
 *    `--mode=stateless|live` and `--together` (the groups only) narrow it.
 * 2. The spotter session (claude-opus-4-6, priced as the table's nearest, claude-opus-4.5; Anthropic cache rules,
 *    4,096-token minimum, 5-minute TTL from the file's times; calibrated inputs): every strategy's bill, stateless
 *    and live (default trigger; tokens over 100k; every 10 requests), against no pruning.
 * 3. Recorded usage: the no-pruning replay of every fixture that recorded usage against its bill, with the fixed
 *    part estimated from the first request only, and calibrated (`readReplayInputs` with `calibrate`).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import {
  charsTokenCounter,
  countMessageTokens,
  createTokenCounter,
  encodingForFormat,
  parseTranscript,
  type PruneConfig,
} from '../src/core';
import { replayTranscript } from '../src/core/replay/replay-transcript';
import { STRATEGY_REGISTRY, type StrategyId } from '../src/core/strategies/registry';
import { getStrategy } from '../src/core/strategies/get-strategy';
import { readReplayInputs } from '../src/core/replay/read-replay-inputs';
import { loadModelPrices } from '../src/core/replay/load-model-prices';
import { cacheRulesFor } from '../src/core/replay/cache-rules-for';
import type { ReplayOptions, ReplayResult, ReplayStrategy } from '../src/core/replay/types';
import type { ReplayTrigger } from '../src/core/requests/types';
import { syntheticTranscript } from './synthetic-transcript';
import { gcFunction, median } from './measure';

const SEED = 0x5eed_0012;
const BOUND = 100_000;
const gc = gcFunction();
const part = process.argv.find((a) => a.startsWith('--part='))?.slice(7);

const SYNTHETIC_PRICES = { model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

function strategies(bound: number): ReplayStrategy[] {
  const configs: PruneConfig[] = [
    { strategy: 'sliding-window', maxTokens: bound },
    { strategy: 'summarize', maxTokens: bound },
    { strategy: 'importance', maxTokens: bound },
    { strategy: 'observation-masking' },
    { strategy: 'token-budget', maxTokens: bound },
    { strategy: 'governor', maxTokens: bound },
  ];
  return [{ id: 'none' }, ...configs.map((config) => ({ id: config.strategy, config }))];
}

async function time(run: () => unknown, runs: number, warmup: number): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let k = 0; k < warmup + runs; k++) {
    if (gc) {
      gc();
      await sleep(50);
    }
    const cpu = process.cpuUsage();
    const start = performance.now();
    run();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    if (k >= warmup) {
      walls.push(wall);
      cpus.push((used.user + used.system) / 1000);
    }
  }
  return { wall: median(walls), cpu: median(cpus) };
}

const ms = (x: number): string => `${x >= 10_000 ? (x / 1000).toFixed(0) + ' s' : x >= 1000 ? (x / 1000).toFixed(2) + ' s' : x.toFixed(0) + ' ms'}`;

/** A peer with no trigger by default is given one (else it never acts): LangChain's middleware at the bound. */
const OWN_TRIGGER: Record<string, object> = { 'langchain-summarization': { triggerTokens: BOUND } };

/** Every registered strategy as the bench replays it: bounded to `bound` tokens where it takes a bound, else its defaults. */
function everyStrategy(bound: number): ReplayStrategy[] {
  return STRATEGY_REGISTRY.map((definition) => {
    const config = (
      definition.bounds.includes('maxTokens') && definition.id !== 'observation-masking'
        ? { strategy: definition.id, maxTokens: bound }
        : { strategy: definition.id, ...OWN_TRIGGER[definition.id] }
    ) as PruneConfig;
    return { id: definition.id, config };
  });
}

/** The six of the seeds and the issue (000–004 and masking): the inspector's first lanes. */
const SIX = ['sliding-window', 'summarize', 'importance', 'observation-masking', 'token-budget', 'governor'];
/** Above this estimate a replay is not run at 100k but extrapolated from 1k, 2k and 4k messages. */
const RUN_LIMIT_MS = 60_000;

async function speed(): Promise<void> {
  const size = Number(process.argv.find((a) => a.startsWith('--size='))?.slice(7) ?? 100_000);
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const messages = syntheticTranscript(size, SEED);
  const tokens = countMessageTokens(messages, charsTokenCounter);
  const options = (mode: 'stateless' | 'live', list: ReplayStrategy[], t: ArrayLike<number> = tokens): ReplayOptions => ({
    strategies: list,
    mode,
    prices: SYNTHETIC_PRICES,
    cache: cacheRulesFor('anthropic/claude-sonnet-4.5'),
    tokens: t,
    fixedTokens: 20_000,
  });
  const all = everyStrategy(BOUND).filter((s) => only === undefined || only.includes(s.id));
  console.log(`\n1. Speed: ${size.toLocaleString('en-US')} synthetic messages, every strategy (bounded to ${BOUND.toLocaleString('en-US')} tokens where it takes a bound)`);
  console.log(`   load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  console.log('mode       strategy                     wall (median)   CPU (median)   requests  rewrites');
  const small = new Map([1_000, 2_000, 4_000].map((n) => {
    const m = syntheticTranscript(n, SEED);
    return [n, { m, t: countMessageTokens(m, charsTokenCounter) }] as const;
  }));
  const modes = (process.argv.find((a) => a.startsWith('--mode='))?.slice(7).split(',') ?? ['stateless', 'live']) as ('stateless' | 'live')[];
  for (const mode of modes) {
    // Those extrapolated are left out of the group run at once (it would take as long as they do).
    const extrapolated = new Set<string>();
    for (const strategy of process.argv.includes('--together') ? [] : all) {
      // Probe small sizes first: a replay that re-plans per request is quadratic and would take hours at 100k (a few
      // hundred milliseconds at 4k are too noisy to extrapolate, on a loaded machine: those run).
      const points: [number, number][] = [];
      for (const [n, { m, t }] of small) {
        const { cpu } = await time(() => replayTranscript(m, options(mode, [strategy], t)), 1, 0);
        points.push([n, Math.max(cpu, 0.01)]);
      }
      const [[n1, t1], [n2, t2]] = points.slice(-2) as [[number, number], [number, number]];
      const exponent = Math.max(1, Math.log(t2 / t1) / Math.log(n2 / n1));
      const estimate = t2 * (size / n2) ** exponent;
      if (estimate > RUN_LIMIT_MS && t2 > 1_000) {
        extrapolated.add(strategy.id);
        console.log(`${mode.padEnd(10)} ${strategy.id.padEnd(27)} ${`≈ ${ms(estimate)}`.padStart(14)} ${'(extrapolated)'.padStart(14)}   ${points.map(([n, t]) => `${n / 1000}k: ${ms(t)}`).join(', ')} CPU, grows as n^${exponent.toFixed(2)}`);
        continue;
      }
      let result: ReplayResult | undefined;
      const runs = estimate > 5_000 ? 1 : 5;
      const t = await time(() => (result = replayTranscript(messages, options(mode, [strategy]))), runs, runs > 1 ? 1 : 0);
      const s = result!.strategies[0]!;
      console.log(`${mode.padEnd(10)} ${strategy.id.padEnd(27)} ${ms(t.wall).padStart(14)} ${ms(t.cpu).padStart(14)} ${String(s.requests.length).padStart(10)} ${String(s.rewrites).padStart(9)}`);
    }
    const six = all.filter((s) => SIX.includes(s.id) && !extrapolated.has(s.id));
    const left = SIX.filter((id) => extrapolated.has(id));
    // The inspector's quick lanes: every strategy not marked slow (planned per request), as its Replay view runs them first.
    const quick = all.filter((s) => getStrategy(s.id as StrategyId).slow !== true && !extrapolated.has(s.id));
    for (const [name, list] of [
      [left.length === 0 ? 'the six, at once' : `the six at once, less ${left.length}`, six],
      [`the ${quick.length} quick ones, at once`, quick],
    ] as const) {
      if (list.length === 0) continue;
      const t = await time(() => replayTranscript(messages, options(mode, [{ id: 'none' }, ...list])), 3, 1);
      console.log(`${mode.padEnd(10)} ${name.padEnd(27)} ${ms(t.wall).padStart(14)} ${ms(t.cpu).padStart(14)}`);
    }
  }
}

async function loadSession(name: string, calibrate: boolean) {
  const text = readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
  const conversation = parseTranscript(text, { fileName: name }).conversations[0]!;
  const counter = await createTokenCounter({ encoding: encodingForFormat(conversation.format) });
  const inputs = readReplayInputs(conversation, counter, { text, calibrate });
  const prices = await loadModelPrices(inputs.model ?? 'claude-sonnet-4-5');
  return { conversation, counter, inputs, prices, cache: cacheRulesFor(inputs.model ?? prices.model) };
}

async function spotter(): Promise<void> {
  const { conversation, counter, inputs, prices, cache } = await loadSession('spotter-session.jsonl', true);
  console.log(`\n2. spotter-session.jsonl: ${conversation.messages.length} messages, ${inputs.recorded.length} requests, model ${inputs.model}`);
  console.log(`   prices: ${prices.source}: input $${prices.input}, output $${prices.output}, cache read $${prices.cacheRead}, write $${prices.cacheWrite} per million`);
  console.log(`   cache: ${JSON.stringify(cache)}; fixed part ${inputs.fixedTokens} tokens; compaction at message ${inputs.contextStarts.join(', ')}`);
  const bounds = [60_000, 30_000];
  const triggers: { name: string; trigger?: ReplayTrigger }[] = [
    { name: 'live, 80% of 200k' },
    { name: 'live, over 100k', trigger: { kind: 'tokens', over: 100_000 } },
    { name: 'live, every 10', trigger: { kind: 'every', requests: 10 } },
  ];
  for (const bound of bounds) {
    console.log(`\n   bounded to ${bound.toLocaleString('en-US')} message tokens (masking: its defaults)`);
    console.log(`   ${'strategy'.padEnd(20)} ${['stateless', ...triggers.map((t) => t.name)].map((h) => h.padStart(24)).join('')}`);
    const runs = [
      replayTranscript(conversation.messages, { strategies: strategies(bound), mode: 'stateless', prices, cache, counter, ...inputs }),
      ...triggers.map((t) =>
        replayTranscript(conversation.messages, { strategies: strategies(bound), mode: 'live', prices, cache, counter, ...inputs, ...(t.trigger ? { trigger: t.trigger } : {}) }),
      ),
    ];
    const none = runs[0]!.strategies[0]!.totals.costUsd;
    for (let k = 0; k < runs[0]!.strategies.length; k++) {
      const cells = runs.map((run) => {
        const s = run.strategies[k]!;
        const delta = k === 0 ? '' : ` ${s.totals.costUsd >= none ? '+' : ''}${((s.totals.costUsd / none - 1) * 100).toFixed(0)}%`;
        return `$${s.totals.costUsd.toFixed(2)}${delta} (${s.rewrites}rw)`.padStart(24);
      });
      console.log(`   ${runs[0]!.strategies[k]!.id.padEnd(20)} ${cells.join('')}`);
    }
  }
}

async function recorded(): Promise<void> {
  console.log('\n3. The no-pruning replay against recorded usage (input = uncached + cache writes + cache reads)\n');
  console.log('session                                  fit         reqs  input recorded  replayed     Δ   read share rec/replay   error median/worst   bill recorded/replayed');
  const names = ['spotter-session.jsonl', 'spotter-short.jsonl', 'spotter-tool-heavy.jsonl', 'codemie-session-9eda1058.jsonl', 'codex-rollout-agentcmd-2025-09-24.jsonl'];
  for (const name of names) {
    for (const calibrate of [false, true]) {
      const { conversation, counter, inputs, prices, cache } = await loadSession(name, calibrate);
      const result = replayTranscript(conversation.messages, { strategies: [{ id: 'none' }], mode: 'stateless', prices, cache, counter, ...inputs });
      const r = result.recorded;
      if (r === undefined) continue;
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      console.log(
        `${name.padEnd(40)} ${(calibrate ? 'calibrated' : 'fixed only').padEnd(11)} ${String(r.requests).padStart(4)} ${r.recordedInputTokens.toLocaleString('en-US').padStart(14)} ${r.replayedInputTokens.toLocaleString('en-US').padStart(10)} ${pct(r.replayedInputTokens / r.recordedInputTokens - 1).padStart(6)}   ${pct(r.recordedCacheReadShare).padStart(6)} / ${pct(r.replayedCacheReadShare).padEnd(6)}        ${pct(r.medianError).padStart(6)} / ${pct(r.worstError).padEnd(6)}     $${r.recordedCostUsd!.toFixed(2)} / $${r.replayedCostUsd!.toFixed(2)}  (${inputs.model})`,
      );
    }
  }
}

if (part === undefined || part === 'recorded') await recorded();
if (part === undefined || part === 'spotter') await spotter();
if (part === undefined || part === 'speed') await speed();
