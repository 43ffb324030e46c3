/**
 * Generated AI SDK `ModelMessage[]` files with the oddities real runs have (ids reused across steps, calls left
 * unanswered or awaiting approval, denials, errors, `null` outputs), in each layout apps write: every file is read as
 * the format, its results pair, it is written back byte for byte, every registered strategy prunes it without breaking
 * a pair or adding an API problem, and the pruned export reads back as the pruned messages.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkFormatFile } from '../../../../test/support/check-format-file';
import { toolRun } from '../../../../test/support/tool-run-arbitrary';
import { modelMessagesOf, writeJson } from '../../../../test/support/write-tool-run';

describe('AI SDK ModelMessage[] files', () => {
  it('read, pair, write back, prune and export', () => {
    fc.assert(
      // A run of text turns alone is no AI SDK evidence: any reader of `{ role, content }` takes it (registry.test.ts).
      fc.property(toolRun.filter((run) => run.some((t) => t.steps.some((s) => s.calls.length > 0 || s.reasoning !== undefined))), fc.constantFrom('compact' as const, 'indent-2' as const), fc.boolean(), fc.gen(), (run, layout, wrapped, g) => {
        const messages = modelMessagesOf(run);
        const text = writeJson(wrapped ? { id: 'chat-1', messages } : messages, layout);
        const answered = run.flatMap((t) => t.steps.flatMap((s) => s.calls)).filter((c) => c.result !== undefined).length;
        checkFormatFile(text, 'ai-sdk', answered, g);
      }),
      { numRuns: 150 },
    );
  });
});
