/**
 * Laws every registered strategy obeys, for any config the registry says it takes (bounds in messages, tokens, both
 * or none; every option; pins), over generated agent transcripts with parallel calls, reused ids and broken inputs.
 * A strategy added to the registry is held to them without editing this file (`strategyConfig` reads the registry).
 *
 *  1. No orphan added: a call or result that had its partner in the input has it in the output.
 *  2. No mutation: the input deep-equals its copy taken before.
 *  3. Determinism: the same call twice gives deep-equal outputs and plans.
 *  4. Order and identity: the output is the input's kept messages (the same objects), masked messages' replacements
 *     (same role, same tool ids in the same order) and the plan's inserts, in input order.
 *  5. Counts: every message has one fate; kept + dropped + summarized + masked = n; the plan's tokens are the kept
 *     messages' tokens plus the inserts' (messages shortened in place at most their originals).
 *  6. Bounds: the plan's tokens are within `maxTokens` unless the plan says it is over, and by how much.
 *  7. Never empty for non-empty input; the last message is always sent.
 *  8. Pins: every strategy keeps each pinned message as it is, and every message of its tool group (pins count
 *     against the bound; when they alone exceed it, the plan says it is over).
 *  9. One answer two ways: analyse once + planPrune + applyPrunePlan equals pruneMessages.
 * 10. The API sees nothing new: on transcripts every provider accepts, the output is accepted by every provider.
 * 11. On broken transcripts too: for every provider, each kind of problem is found no more often in the output than in
 *     the input. Kinds, not rules: pruning may change the words the API picks for the same broken block (a result
 *     with no call is "unexpected" after a text turn and "duplicate" when merged beside its twin; OpenAI says "no
 *     call" or "id not found" depending on what precedes it), so rules naming one offence count as one kind.
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/strategies/strategies.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { pruneMessages } from '../prune/prune-messages';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { planPrune } from '../prune/plan-prune';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { planOutputOrigins } from '../plan/plan-output-origins';
import { FATE } from '../plan/fate';
import { getStrategy } from './get-strategy';
import { validateMessages } from '../formats/validate-messages';
import type { Provider } from '../formats/types';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { validTranscript } from '../../../test/support/valid-transcript-arbitrary';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';
import { strategyConfig } from '../../../test/support/strategy-config-arbitrary';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

const withConfig = (transcripts: fc.Arbitrary<Message[]>) =>
  transcripts.chain((messages) => {
    const analysis = analyzeTranscript(messages);
    return fc.tuple(fc.constant(messages), strategyConfig(messages.length, analysis.suffixTokens[0] as number));
  });

function toolIds(message: Message): string[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.flatMap((b) => {
    const block = b as { id?: unknown; tool_use_id?: unknown };
    return typeof block.id === 'string' ? [`use ${block.id}`] : typeof block.tool_use_id === 'string' ? [`result ${block.tool_use_id}`] : [];
  });
}

/** Rules that name one offence in different words, by where the broken block lands after merging. */
const KIND: Record<string, string> = {
  'anthropic/unexpected-tool-result': 'result without its call',
  'anthropic/duplicate-tool-result': 'result without its call',
  'anthropic/tool-use-without-result': 'call without its result',
  'anthropic/tool-result-not-first': 'call without its result',
  'openai-chat/tool-without-call': 'result without its call',
  'openai-chat/tool-call-id-not-found': 'result without its call',
};

function problemKinds(problems: readonly { rule: string }[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const { rule } of problems) {
    const kind = KIND[rule] ?? rule;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

describe('laws of every registered strategy', () => {
  it('laws 1–9 over generated transcripts, broken ones included (3,000 cases)', () => {
    fc.assert(
      fc.property(withConfig(agentTranscript()), ([input, config]) => {
        const before = structuredClone(input);
        const analysis = analyzeTranscript(input);
        const plan = planPrune(analysis, config);
        const out = pruneMessages(input, config);
        const n = input.length;

        expect(findAddedOrphans(input, out)).toEqual([]);
        expect(input).toEqual(before);
        expect(pruneMessages(input, config)).toEqual(out);
        const { replacement: _again, explain: _explainAgain, ...planAgain } = planPrune(analysis, config);
        const { replacement: _first, explain: _explainFirst, ...planFirst } = plan;
        expect(planAgain).toEqual(planFirst);
        expect(applyPrunePlan(input, plan)).toEqual(out);

        const origins = planOutputOrigins(plan);
        expect(origins.length).toBe(out.length);
        let inserts = 0;
        let previous = -1;
        out.forEach((message, k) => {
          const from = origins[k] as number;
          if (from === -1) {
            expect(message).toEqual(plan.inserts[inserts++]?.message);
            return;
          }
          expect(from).toBeGreaterThan(previous);
          previous = from;
          const original = input[from] as Message;
          if (plan.fates[from] === FATE.kept) expect(message).toBe(original);
          else {
            expect(message.role).toBe(original.role);
            expect(toolIds(message)).toEqual(toolIds(original));
          }
        });
        expect(inserts).toBe(plan.inserts.length);

        expect(plan.fates.length).toBe(n);
        expect(plan.kept + plan.dropped + plan.summarized + plan.masked).toBe(n);
        let keptTokens = 0;
        let maskedTokens = 0;
        plan.fates.forEach((fate, i) => {
          if (fate === FATE.kept) keptTokens += analysis.tokens[i] as number;
          // Shortened in place (masked, or summarized with a replacement): sent, at most at its original size.
          if (fate === FATE.masked || (fate === FATE.summarized && plan.replacement?.(i) !== undefined)) maskedTokens += analysis.tokens[i] as number;
        });
        const insertTokens = plan.inserts.reduce((sum, insert) => sum + insert.tokens, 0);
        expect(plan.tokens).toBeGreaterThanOrEqual(keptTokens + insertTokens - 1e-6);
        expect(plan.tokens).toBeLessThanOrEqual(keptTokens + insertTokens + maskedTokens + 1e-6);

        // The bound the plan answers to: the config's, unless the strategy was told to keep its own limit instead.
        const ownLimit = (config as { ownLimits?: boolean }).ownLimits === true;
        if (!ownLimit && config.maxTokens !== undefined && getStrategy(config.strategy).bounds.includes('maxTokens')) {
          expect(plan.bound.maxTokens).toBe(config.maxTokens);
        }
        const maxTokens = plan.bound.maxTokens;
        if (plan.over === undefined) expect(plan.tokens).toBeLessThanOrEqual(maxTokens + 1e-6);
        else expect(plan.over.by).toBeGreaterThan(0);

        if (n > 0) {
          expect(out.length).toBeGreaterThan(0);
          expect(origins[origins.length - 1]).toBe(n - 1);
        }
        for (const index of config.pinned ?? []) {
          if (index >= n) continue;
          const group = analysis.groupOf[index] as number;
          for (let i = 0; i < n; i++) {
            if (analysis.groupOf[i] === group) expect({ pinned: index, message: i, fate: plan.fates[i] }).toEqual({ pinned: index, message: i, fate: FATE.kept });
          }
        }
      }),
      { numRuns: 3000, ...replay },
    );
  });

  it('law 10: what every provider accepts stays accepted, for every strategy and config (2,000 cases)', () => {
    const providers: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];
    fc.assert(
      fc.property(withConfig(validTranscript), ([input, config]) => {
        const out = pruneMessages(input, config);
        for (const provider of providers) expect({ provider, problems: validateMessages(out, provider) }).toEqual({ provider, problems: [] });
      }),
      { numRuns: 2000, ...replay },
    );
  });

  it('law 11: on broken transcripts no kind of API problem becomes more frequent, for every strategy and config (3,000 cases)', () => {
    const providers: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];
    fc.assert(
      fc.property(withConfig(agentTranscript()), ([input, config]) => {
        const out = pruneMessages(input, config);
        for (const provider of providers) {
          const before = problemKinds(validateMessages(input, provider));
          const after = problemKinds(validateMessages(out, provider));
          const added = [...after].filter(([kind, n]) => n > (before.get(kind) ?? 0)).map(([kind]) => kind);
          expect({ provider, added }).toEqual({ provider, added: [] });
        }
      }),
      { numRuns: 3000, ...replay },
    );
  });

  it('a test that cannot fail is a defect: law 1 catches a plan that splits a pair', () => {
    const result = fc.check(
      fc.property(withConfig(agentTranscript({ broken: false })), ([input]) => {
        const careless = input.slice(Math.max(0, input.length - 2));
        return findAddedOrphans(input, careless).length === 0;
      }),
      { numRuns: 2000, seed: 7 },
    );
    expect(result.failed).toBe(true);
  });
});
