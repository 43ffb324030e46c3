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
import { STRATEGY_REGISTRY, type PruneConfig } from '../../src/core/strategies/registry';
import type { Conversation } from '../../src/core/formats/types';
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

export interface PruneCheckOptions {
  /** Whether the export must read back as the same request (not for a condensed OpenHands stream). */
  sameRequest?: boolean;
  /** Messages as the format sends them, where it decorates them (an OpenHands error observation's line). */
  normalize?: (messages: Message[]) => Message[];
}

/**
 * Prunes `c` under `config` and says what broke: an orphan or an API problem the output adds, an export that does not
 * read back in the conversation's format, with no warning and every result answering a call, or (when `sameRequest`)
 * that reads back as another request.
 */
export function prunedExportProblems(c: Conversation, config: PruneConfig, { sameRequest = true, normalize = (m: Message[]) => m }: PruneCheckOptions = {}): string[] {
  const problems: string[] = [];
  const plan = planPrune(analyzeTranscript(c.messages), config);
  const out = applyPrunePlan(c.messages, plan);
  const origins = planOutputOrigins(plan);
  const origin = new Map<Message, number>(out.flatMap((m, k) => ((origins[k] ?? -1) >= 0 ? [[m, origins[k] as number] as const] : [])));
  for (const orphan of findAddedOrphans(c.messages, out)) problems.push(`orphan added: ${orphan}`);
  for (const problem of addedValidationProblems(c.messages, out, origin, providerForFormat(c.format))) problems.push(`API problem added: ${JSON.stringify(problem)}`);
  const back = parseTranscript(serializeTranscript(c, out).text);
  if (back.format !== c.format) problems.push(`export reads as ${back.format}`);
  if (back.warnings.length > 0) problems.push(`export reads with warnings: ${JSON.stringify(back.warnings)}`);
  const messages = back.conversations[0]?.messages ?? [];
  if (linkToolCalls(messages).orphans.some((o) => o.kind === 'result')) problems.push('export reads back with a result that answers no call');
  if (sameRequest && sorted(asSent(normalize(messages))) !== sorted(asSent(normalize(out)))) problems.push('export reads back as another request');
  return problems;
}

/**
 * Prunes a fixture under every registered strategy (`runs` configs of each, the same on every run: a fixed seed)
 * and returns what broke (`prunedExportProblems`).
 */
export function pruneRealFile(name: string, { runs = 12, ...options }: PruneCheckOptions & { runs?: number } = {}): PruneFailure[] {
  const text = readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
  const failures: PruneFailure[] = [];
  for (const c of parseTranscript(text, { fileName: name }).conversations) {
    for (const { id } of STRATEGY_REGISTRY) {
      for (const config of fc.sample(strategyConfig(c.messages.length, c.messages.length * 400, [id]), { numRuns: runs, seed: 20 })) {
        for (const problem of prunedExportProblems(c, config, options)) failures.push({ config, problem });
      }
    }
  }
  return failures;
}

/** JSON with every object's keys in order and undefined fields left out, as `toEqual` compares. */
function sorted(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}

const ERROR_LINE = '\n[Error occurred in processing last action]';

/** OpenHands sends an error observation with its error line: a masked error result reads back with it. */
export function sentAsOpenHands(messages: Message[]): Message[] {
  return messages.map((m) =>
    typeof m.content === 'string'
      ? m
      : { ...m, content: m.content.map((b) => (b.type === 'tool_result' && b.is_error === true && typeof b.content === 'string' && !b.content.endsWith(ERROR_LINE) ? { ...b, content: `${b.content}${ERROR_LINE}` } : b)) },
  );
}
