import { describe, expect, it } from 'vitest';
import { STRATEGY_REGISTRY } from '../../lib/index';
import { CliError } from '../errors';
import { fakeReplayCore } from '../../../test/support/fake-replay-core';
import { testIo } from '../../../test/support/cli-io';
import { replayCommand } from './replay';
import { statsCommand } from './stats';

const SPOTTER = 'fixtures/spotter-session.jsonl';

describe('replay (against a stand-in for the replay core)', () => {
  it('replays none and every strategy at half the tokens, with the recorded usage and what the file does not hold', async () => {
    const core = fakeReplayCore();
    const io = testIo();
    expect(await replayCommand([SPOTTER, '--json', '--encoding', 'chars'], io, core)).toBe(0);
    const [call] = core.calls;
    expect(call?.messages).toBe(279);
    expect(call?.options.mode).toBe('stateless');
    expect(call?.options.strategies.map((s) => s.id)).toEqual(['none', ...STRATEGY_REGISTRY.map((s) => s.id)]);
    expect(call?.options.recorded?.length).toBeGreaterThan(100);
    expect(call?.options.fixedTokens).toBeGreaterThan(0);
    expect(call?.options.tokens.length).toBe(279);
    const json = JSON.parse(io.out);
    expect(json.model).toMatch(/^claude-/);
    expect(json.conversation).toBe('4d5611e5-241a-462a-8d15-5122611a9569');
    expect(json.strategies[0]).toMatchObject({ id: 'none', options: {}, totals: { costUsd: 1 } });
    const half = json.strategies[1].options.maxTokens;
    expect(half).toBeGreaterThan(0);
    expect(json.strategies[1]).toMatchObject({ id: 'sliding-window', options: { maxTokens: half }, totals: { costUsd: 0.9 } });
    expect(json.strategies[1].requests).toHaveLength(1);
  });

  it('bounds to half the tokens `stats` counts, calibrated or not (regression: the Codex rollout was bounded to 83,692 of its 95,192 tokens, its hidden reasoning counted in)', async () => {
    const CODEX = 'fixtures/codex-rollout-agentcmd-2025-09-24.jsonl';
    const statsIo = testIo();
    expect(await statsCommand([CODEX, '--json', '--encoding', 'chars'], statsIo)).toBe(0);
    const counted = (JSON.parse(statsIo.out) as { conversations: { tokens: number }[] }).conversations[0]?.tokens ?? NaN;
    for (const extra of [[], ['--calibrate']]) {
      const io = testIo();
      expect(await replayCommand([CODEX, '--json', '--encoding', 'chars', '-s', 'sliding-window', ...extra], io, fakeReplayCore())).toBe(0);
      expect(JSON.parse(io.out).strategies[1].options.maxTokens).toBe(Math.round(counted / 2));
    }
  });

  it('takes --model, --mode, the strategies and their options; prints the table', async () => {
    const core = fakeReplayCore();
    const io = testIo();
    await replayCommand([SPOTTER, '-m', 'anthropic/claude-opus-4.5', '--mode', 'live', '-s', 'observation-masking', '--keep-recent', '4', '--encoding', 'chars'], io, core);
    const options = core.calls[0]?.options;
    expect(options?.prices.model).toBe('anthropic/claude-opus-4.5');
    expect(options?.mode).toBe('live');
    expect(options?.strategies[1]?.config).toMatchObject({ strategy: 'observation-masking', keepRecent: 4 });
    expect(io.out).toContain('live replay priced as anthropic/claude-opus-4.5');
    expect(io.out).toMatch(/observation-masking\s.*\$0\.9000\s+−10\.0%/);
  });

  it('an unknown model, a trigger without live mode, and options no strategy takes are bad usage', async () => {
    await expect(replayCommand([SPOTTER, '-m', 'nobody/unknown', '--encoding', 'chars'], testIo(), fakeReplayCore())).rejects.toThrow(
      'replay: no prices for "nobody/unknown": the price table has no entry for it or its family; give them with --prices input=N,output=N (dollars per million tokens), or pick a listed model with --model',
    );
    await expect(replayCommand([SPOTTER, '--trigger', 'over:1000', '--encoding', 'chars'], testIo(), fakeReplayCore())).rejects.toThrow(CliError);
    await expect(replayCommand([SPOTTER, '--mode', 'live', '--trigger', 'often', '--encoding', 'chars'], testIo(), fakeReplayCore())).rejects.toThrow(
      'replay: --trigger takes fraction:F, over:N or every:K; got "often"',
    );
    await expect(replayCommand([SPOTTER, '-s', 'importance', '--keep-recent', '3'], testIo(), fakeReplayCore())).rejects.toThrow(
      'replay: --keep-recent is an option of observation-masking, which this run does not include',
    );
  });
});

describe('replay: prices', () => {
  const CODEX_55 = 'fixtures/codex-rollout-gpt-5.5.jsonl';

  it('a Codex rollout of gpt-5.5, a model the table lacks, is priced at its family\'s nearest entry, and says which', async () => {
    const io = testIo();
    expect(await replayCommand([CODEX_55, '-s', 'sliding-window', '--encoding', 'chars'], io)).toBe(0);
    expect(io.out).toContain('stateless replay priced as openai/gpt-5');
    expect(io.out).toMatch(/prices per million tokens: input \$1\.25, output \$10, cache read \$0\.125, cache write \$0 \(ai-tokenizer's price table: openai\/gpt-5, the nearest entry to "gpt-5\.5"; cache read 0\.125, the 90% discount of GPT-5 models \(the table rounds it to 0\.13\)\)/);
  });

  it('--prices gives prices of your own, over the table or for a model it does not know', async () => {
    const core = fakeReplayCore();
    await replayCommand([SPOTTER, '--prices', 'input=2,output=8,cache-read=0.2,cache-write=2.5', '--encoding', 'chars'], testIo(), core);
    expect(core.calls[0]?.options.prices).toMatchObject({ input: 2, output: 8, cacheRead: 0.2, cacheWrite: 2.5 });

    const io = testIo();
    expect(await replayCommand([SPOTTER, '-m', 'in-house-7b', '--prices', 'input=0.2,output=0.4', '-s', 'importance', '--encoding', 'chars'], io)).toBe(0);
    expect(io.out).toContain('priced as in-house-7b');
    expect(io.out).toMatch(/input \$0\.2, output \$0\.4, cache read \$0\.2, cache write \$0 \(given\)/);
  });

  it('says what to do about a model without prices, and about prices it cannot read', async () => {
    await expect(replayCommand([SPOTTER, '-m', 'in-house-7b', '--encoding', 'chars'], testIo())).rejects.toThrow(
      'replay: no prices for "in-house-7b": the price table has no entry for it or its family; give them with --prices input=N,output=N (dollars per million tokens), or pick a listed model with --model',
    );
    await expect(replayCommand([SPOTTER, '--prices', 'input=cheap', '--encoding', 'chars'], testIo(), fakeReplayCore())).rejects.toThrow(
      'replay: --prices takes input=N,output=N,cache-read=N,cache-write=N (any of them, dollars per million tokens, 0 or more), such as input=1.25,output=10; got "input=cheap"',
    );
  });
});

describe('replay (the real core)', () => {
  it('replays the spotter session live: none first, then the strategies, totals that add up to the requests', async () => {
    const io = testIo();
    const args = [SPOTTER, '--json', '--encoding', 'chars', '-s', 'sliding-window,observation-masking', '--mode', 'live', '--trigger', 'over:40000'];
    expect(await replayCommand(args, io)).toBe(0);
    const json = JSON.parse(io.out) as { model: string; recorded?: { requests: number }; strategies: { id: string; totals: { costUsd: number; inputTokens: number }; requests: { costUsd: number; inputTokens: number }[] }[] };
    expect(json.model).toMatch(/claude/);
    expect(json.strategies.map((s) => s.id)).toEqual(['none', 'sliding-window', 'observation-masking']);
    expect(json.recorded?.requests).toBeGreaterThan(100);
    for (const s of json.strategies) {
      expect(s.requests.length).toBe(json.strategies[0]?.requests.length);
      expect(s.totals.inputTokens).toBe(s.requests.reduce((sum, r) => sum + r.inputTokens, 0));
      expect(s.totals.costUsd).toBeCloseTo(s.requests.reduce((sum, r) => sum + r.costUsd, 0), 6);
    }
    // Pruned when the history passed 40k tokens: the window sends less than no pruning did.
    const [none, window] = json.strategies;
    expect(window?.totals.inputTokens).toBeLessThan(none?.totals.inputTokens ?? 0);
  });

  it('prints the no-pruning replay against the recorded bill: each figure against its target, why one misses, the cache the file shows, the requests that part most, and what lies beside the lanes', async () => {
    const io = testIo();
    expect(await replayCommand([SPOTTER, '-s', 'sliding-window'], io)).toBe(0);
    expect(io.out).toMatch(/input\s+[\d,]+ replayed vs 12,098,281 recorded: −4\.\d% \(target ±2%: missed\)/);
    expect(io.out).toMatch(/bill\s+\$9\.\d\d vs \$9\.53: −4\.\d% \(target ±5%: within\)/);
    expect(io.out).toContain("(Claude Code's hook output and reminders)");
    expect(io.out).toContain('Warm start: the first request read 11,442 tokens');
    expect(io.out).toContain('the 5 requests whose bills part most (--per-request for all 139)');
    expect(io.out).toMatch(/#276\s+break\/prompt/);
    expect(io.out).toMatch(/11 subagent requests \(recorded, claude-sonnet-4-5-20250929\): \$0\.4\d\d/);
    const all = testIo();
    await replayCommand([SPOTTER, '-s', 'sliding-window', '--per-request', '--calibrate'], all);
    expect(all.out).toContain('per request:');
    expect(all.out.match(/^ {2}#\d+ /gm)).toHaveLength(139);
    expect(all.out).toMatch(/bill\s+\$9\.5\d vs \$9\.53: [+−]0\.\d% \(target ±5%: within\)/);
  });
});

describe('replay: a run’s recorded total', () => {
  it('SWE-agent: no pruning’s input, output and bill beside the total’s, priced as the model the file names', async () => {
    const io = testIo();
    expect(await replayCommand(['fixtures/swe-agent-test-repo-gpt-4o.traj', '-s', 'sliding-window', '--encoding', 'chars'], io)).toBe(0);
    expect(io.out).toContain('stateless replay priced as openai/gpt-4o');
    expect(io.out).toMatch(
      /\nrecorded total \(info\.model_stats\): requests 5 recorded vs 4 replayed; input 7,141 recorded vs [\d,]+ replayed \([+−][\d.]+%\); output 243 recorded vs [\d,]+ replayed \([+−][\d.]+%\); cost \$0\.0195 recorded \(gpt-4o\) vs \$0\.\d{4} replayed at openai\/gpt-4o\n$/,
    );
    const json = testIo();
    await replayCommand(['fixtures/swe-agent-test-repo-gpt-4o.traj', '-s', 'sliding-window', '--encoding', 'chars', '--json'], json);
    expect(JSON.parse(json.out).recordedTotal).toMatchObject({ where: 'info.model_stats', recordedRequests: 5, replayedRequests: 4, recordedInputTokens: 7141, recordedCostUsd: 0.019520000000000006 });
  });

  it('a model the file names that has no prices: priced as the format’s default, said on stderr', async () => {
    const core = fakeReplayCore();
    const pricesFor = core.pricesFor;
    core.pricesFor = (model) => (model === 'gpt-4o' ? undefined : pricesFor(model));
    const io = testIo();
    await replayCommand(['fixtures/swe-agent-test-repo-gpt-4o.traj', '--encoding', 'chars'], io, core);
    expect(io.err).toContain('fixtures/swe-agent-test-repo-gpt-4o.traj: no prices for the file\'s model "gpt-4o"; priced as openai/gpt-4o (--model or --prices picks another)');
    expect(core.calls[0]?.options.recordedTotal).toMatchObject({ requests: 5, model: 'gpt-4o' });
  });
});

