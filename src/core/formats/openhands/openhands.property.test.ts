/**
 * Properties of the OpenHands reader and writer on generated event streams (`openHandsStreamCase`): every stream
 * parses as OpenHands with every observation answering its call, a `finish` call left unanswered, each condensation a
 * compaction boundary; it writes back to the same bytes, and prunes under every registered strategy with no orphan
 * and no API problem added; what is exported after pruning reads back as the same request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asSent } from '../../../../test/support/as-sent';
import { findAddedOrphans } from '../../../../test/support/find-added-orphans';
import { openHandsStreamCase } from '../../../../test/support/openhands-stream-arbitrary';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { addedValidationProblems } from '../../../../test/support/validation-diff';
import { linkToolCalls } from '../../links/link-tool-calls';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { planOutputOrigins } from '../../plan/plan-output-origins';
import { planPrune } from '../../prune/plan-prune';
import type { Message } from '../../types';
import { parseTranscript } from '../parse-transcript';
import { providerForFormat } from '../provider-for-format';
import { serializeTranscript } from '../serialize-transcript';

const ERROR_LINE = '\n[Error occurred in processing last action]';

/** OpenHands sends an error observation with its error line: a masked error result reads back with it. */
function sentAsOpenHands(messages: readonly Message[]): Message[] {
  return messages.map((m) =>
    typeof m.content === 'string'
      ? m
      : { ...m, content: m.content.map((b) => (b.type === 'tool_result' && b.is_error === true && typeof b.content === 'string' && !b.content.endsWith(ERROR_LINE) ? { ...b, content: `${b.content}${ERROR_LINE}` } : b)) },
  );
}

describe('OpenHands event streams, properties', () => {
  it('every generated stream parses, observations answer their calls, finish is a call without a result, condensations are boundaries, and it writes back to the same bytes', () => {
    fc.assert(
      fc.property(openHandsStreamCase, ({ text, condensations, finished }) => {
        const parsed = parseTranscript(text);
        expect(parsed.format).toBe('openhands');
        expect(parsed.warnings).toEqual([]);
        const c = parsed.conversations[0]!;
        const { orphans } = linkToolCalls(c.messages);
        expect(orphans.filter((o) => o.kind === 'result')).toEqual([]);
        if (finished) {
          const last = c.messages.findLast((m) => m.role === 'assistant')!;
          const finish = (last.content as { type: string; name?: string; id?: string }[]).find((b) => b.type === 'tool_use' && b.name === 'finish');
          expect(finish).toBeDefined();
          expect(orphans.some((o) => o.kind === 'use' && o.id === finish!.id)).toBe(true);
        }
        expect((c.boundaries ?? []).filter((b) => b.kind === 'condensation').length).toBeLessThanOrEqual(condensations);
        if (condensations > 0) expect(c.boundaries?.length ?? 0).toBeGreaterThan(0);
        expect(c.sources.every((s) => s.length > 0)).toBe(true);
        expect(serializeTranscript(c, c.messages).text).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it('every registered strategy prunes it with no orphan and no API problem added; the export reads back as the same request', () => {
    const cases = openHandsStreamCase.chain((stream) => {
      const c = parseTranscript(stream.text).conversations[0]!;
      // The file rides along so a counterexample shows it.
      return fc.tuple(fc.constant(c), strategyConfig(c.messages.length, c.messages.length * 50), fc.constant(stream.text));
    });
    fc.assert(
      fc.property(cases, ([c, config]) => {
        const plan = planPrune(analyzeTranscript(c.messages), config);
        const out = applyPrunePlan(c.messages, plan);
        const origins = planOutputOrigins(plan);
        const origin = new Map<Message, number>(out.flatMap((m, k) => ((origins[k] ?? -1) >= 0 ? [[m, origins[k] as number] as const] : [])));
        expect(findAddedOrphans(c.messages, out)).toEqual([]);
        expect(addedValidationProblems(c.messages, out, origin, providerForFormat('openhands'))).toEqual([]);
        const back = parseTranscript(serializeTranscript(c, out).text);
        expect(back.format).toBe('openhands');
        expect(back.warnings).toEqual([]);
        expect(linkToolCalls(back.conversations[0]?.messages ?? []).orphans.filter((o) => o.kind === 'result')).toEqual([]);
        // A condensed stream holds the messages sent before a condensation and the view sent after it over the same
        // events, each written once: a strategy that keeps or masks an event in one and not in the other has no file
        // of its own, so only a stream without condensations reads back as the same request.
        if ((c.boundaries ?? []).length > 0) return;
        expect(asSent(sentAsOpenHands(back.conversations[0]?.messages ?? []))).toEqual(asSent(sentAsOpenHands(out)));
      }),
      { numRuns: 300 },
    );
  });
});
