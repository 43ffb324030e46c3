/**
 * Properties of the OpenHands reader and writer on generated event streams (`openHandsStreamCase`): every stream
 * parses as OpenHands with every observation answering its call, a `finish` call left unanswered, each condensation a
 * compaction boundary; it writes back to the same bytes, and prunes under every registered strategy with no orphan
 * and no API problem added; what is exported after pruning reads back as the same request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openHandsStreamCase } from '../../../../test/support/openhands-stream-arbitrary';
import { prunedExportProblems, sentAsOpenHands } from '../../../../test/support/prune-real-file';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

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
        // A condensed stream holds the messages sent before a condensation and the view sent after it over the same
        // events, each written once: a strategy that keeps or masks an event in one and not in the other has no file
        // of its own, so only a stream without condensations reads back as the same request.
        expect(prunedExportProblems(c, config, { sameRequest: (c.boundaries ?? []).length === 0, normalize: sentAsOpenHands })).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
