/**
 * Generated OpenTelemetry GenAI traces: a chat span per step under an `invoke_agent` span, messages as JSON strings
 * (compact, or Python's `json.dumps`) or structured, response ids sometimes `null`, ids reused across steps, calls
 * left unanswered. Every trace is read as the format (the last span's conversation), its results pair, it is written
 * back byte for byte, every registered strategy prunes it without breaking a pair or adding an API problem, the pruned
 * export reads back as the pruned messages, and each chat span is one recorded request (the agent span never).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';
import { checkFormatFile } from '../../../../test/support/check-format-file';
import { toolRun } from '../../../../test/support/tool-run-arbitrary';
import { otelTraceOf, writeJson } from '../../../../test/support/write-tool-run';

describe('OpenTelemetry GenAI traces', () => {
  it('read, pair, write back, prune, export, and record one request per chat span', () => {
    fc.assert(
      fc.property(toolRun, fc.boolean(), fc.constantFrom('compact' as const, 'python' as const, 'indent-2' as const), fc.gen(), (run, structured, layout, g) => {
        const text = writeJson(otelTraceOf(run, structured, layout), layout === 'python' ? 'compact' : layout);
        const steps = run.flatMap((t) => t.steps);
        // The answers to the last step's calls were never sent to a model: the trace ends at its response.
        const answered = steps.slice(0, -1).flatMap((s) => s.calls).filter((c) => c.result !== undefined).length;
        checkFormatFile(text, 'otel-genai', answered, g);
        const conversation = parseTranscript(text).conversations[0];
        const requests = conversation === undefined ? [] : readRecordedUsage(conversation);
        expect(requests.map((r) => r.inputTokens)).toEqual(steps.map((_, k) => 50 * (k + 1)));
        expect(requests.map((r) => conversation?.messages[r.messageIndex]?.role)).toEqual(steps.map(() => 'assistant'));
      }),
      { numRuns: 150 },
    );
  });
});
