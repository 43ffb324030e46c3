import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseTranscript } from '../../src/core/formats/parse-transcript';
import { providerForFormat } from '../../src/core/formats/provider-for-format';
import { serializeTranscript } from '../../src/core/formats/serialize-transcript';
import { linkToolCalls } from '../../src/core/links/link-tool-calls';
import { analyzeTranscript } from '../../src/core/plan/analyze-transcript';
import { applyPrunePlan } from '../../src/core/plan/apply-prune-plan';
import { planOutputOrigins } from '../../src/core/plan/plan-output-origins';
import { planPrune } from '../../src/core/prune/plan-prune';
import { STRATEGY_REGISTRY } from '../../src/core/strategies/registry';
import type { Message } from '../../src/core/types';
import { asSent } from './as-sent';
import { findAddedOrphans } from './find-added-orphans';
import { strategyConfig } from './strategy-config-arbitrary';
import { addedValidationProblems } from './validation-diff';

/** What went wrong pruning one fixture under one config: empty when nothing did. */
export interface PruneFailure {
  config: unknown;
  problem: string;
}

/**
 * Prunes a fixture under every registered strategy (`runs` configs of each, the same on every run: a fixed seed),
 * and returns what broke: an orphan or an API problem the output adds, an export that does not read back in the
 * file's format, with no warning and every result answering a call, or (when `sameRequest`) that reads back as
 * another request. `normalize` maps messages to what the format sends, where it decorates them.
 */
export function pruneRealFile(name: string, { runs = 12, sameRequest = true, normalize = (m: Message[]) => m } = {}): PruneFailure[] {
  const text = readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
  const parsed = parseTranscript(text, { fileName: name });
  const failures: PruneFailure[] = [];
  for (const c of parsed.conversations) {
    const provider = providerForFormat(c.format);
    const analysis = analyzeTranscript(c.messages);
    for (const { id } of STRATEGY_REGISTRY) {
      const configs = fc.sample(strategyConfig(c.messages.length, c.messages.length * 400, [id]), { numRuns: runs, seed: 20 });
      for (const config of configs) {
        const fail = (problem: string): void => void failures.push({ config, problem });
        const plan = planPrune(analysis, config);
        const out = applyPrunePlan(c.messages, plan);
        const origins = planOutputOrigins(plan);
        const origin = new Map<Message, number>(out.flatMap((m, k) => ((origins[k] ?? -1) >= 0 ? [[m, origins[k] as number] as const] : [])));
        for (const orphan of findAddedOrphans(c.messages, out)) fail(`orphan added: ${orphan}`);
        for (const problem of addedValidationProblems(c.messages, out, origin, provider)) fail(`API problem added: ${JSON.stringify(problem)}`);
        const back = parseTranscript(serializeTranscript(c, out).text, { fileName: name });
        if (back.format !== c.format) fail(`export reads as ${back.format}`);
        if (back.warnings.length > 0) fail(`export reads with warnings: ${JSON.stringify(back.warnings)}`);
        const messages = back.conversations[0]?.messages ?? [];
        if (linkToolCalls(messages).orphans.some((o) => o.kind === 'result')) fail('export reads back with a result that answers no call');
        if (sameRequest && JSON.stringify(asSent(normalize(messages))) !== JSON.stringify(asSent(normalize(out)))) fail('export reads back as another request');
      }
    }
  }
  return failures;
}
