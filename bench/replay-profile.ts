/**
 * One replay of one strategy on the replay benchmark's synthetic transcript, for a CPU profile:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/replay-profile.ts codex-compact stateless [100000]
 *
 * Prints the replay's CPU time; the transcript is made and counted before the clock starts.
 */
import { charsTokenCounter, countMessageTokens, type PruneConfig } from '../src/core';
import { replayTranscript } from '../src/core/replay/replay-transcript';
import { cacheRulesFor } from '../src/core/replay/cache-rules-for';
import { getStrategy } from '../src/core/strategies/get-strategy';
import type { StrategyId } from '../src/core/strategies/registry';
import { syntheticTranscript } from './synthetic-transcript';

const [id = 'codex-compact', mode = 'stateless', size = '100000', bounded = '100000'] = process.argv.slice(2);
const bound = Number(bounded);
const definition = getStrategy(id as StrategyId);
const config = (definition.bounds.includes('maxTokens') && id !== 'observation-masking' ? { strategy: id, maxTokens: bound } : { strategy: id }) as PruneConfig;
const messages = syntheticTranscript(Number(size), 0x5eed_0012);
const tokens = countMessageTokens(messages, charsTokenCounter);
const cpu = process.cpuUsage();
const result = replayTranscript(messages, {
  strategies: [{ id, config }],
  mode: mode as 'stateless' | 'live',
  prices: { model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  cache: cacheRulesFor('anthropic/claude-sonnet-4.5'),
  tokens,
  fixedTokens: 20_000,
});
const used = process.cpuUsage(cpu);
const s = result.strategies[0]!;
console.log(`${id} ${mode} ${size}: ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${s.requests.length} requests, ${s.rewrites} rewrites, $${s.totals.costUsd.toFixed(2)}`);
