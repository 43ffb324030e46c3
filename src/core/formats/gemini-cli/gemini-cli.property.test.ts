/**
 * Properties of the Gemini CLI reader and writer on generated sessions (`geminiSessionCase`): every file parses as
 * Gemini CLI with every result answering its call, writes back to the same bytes, and prunes under every registered
 * strategy with no orphan and no API problem added; what is exported after pruning reads back as the same request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geminiSessionCase } from '../../../../test/support/gemini-session-arbitrary';
import { prunedExportProblems } from '../../../../test/support/prune-real-file';
import { strategyConfig } from '../../../../test/support/strategy-config-arbitrary';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

describe('Gemini CLI sessions, properties', () => {
  it('every generated session parses, its results answer its calls, and it writes back to the same bytes', () => {
    fc.assert(
      fc.property(geminiSessionCase, ({ text }) => {
        const parsed = parseTranscript(text);
        expect(parsed.format).toBe('gemini-cli');
        expect(parsed.warnings).toEqual([]);
        const c = parsed.conversations[0]!;
        expect(linkToolCalls(c.messages).orphans.filter((o) => o.kind === 'result')).toEqual([]);
        expect(c.sources.every((s) => s.length > 0)).toBe(true);
        expect(serializeTranscript(c, c.messages).text).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it('every registered strategy prunes it with no orphan and no API problem added; the export reads back as the same request', () => {
    const cases = geminiSessionCase.chain((session) => {
      const c = parseTranscript(session.text).conversations[0]!;
      // The file rides along so a counterexample shows it.
      return fc.tuple(fc.constant(c), strategyConfig(c.messages.length, c.messages.length * 50), fc.constant(session.text));
    });
    fc.assert(
      fc.property(cases, ([c, config]) => {
        expect(prunedExportProblems(c, config)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
