import fc from 'fast-check';
import { expect } from 'vitest';
import { linkToolCalls } from '../../src/core/links/link-tool-calls';
import { analyzeTranscript } from '../../src/core/plan/analyze-transcript';
import { applyPrunePlan } from '../../src/core/plan/apply-prune-plan';
import { planOutputOrigins } from '../../src/core/plan/plan-output-origins';
import { planPrune } from '../../src/core/prune/plan-prune';
import { parseTranscript } from '../../src/core/formats/parse-transcript';
import { providerForFormat } from '../../src/core/formats/provider-for-format';
import { serializeTranscript } from '../../src/core/formats/serialize-transcript';
import type { TranscriptFormat } from '../../src/core/formats/types';
import type { Message } from '../../src/core/types';
import { findAddedOrphans } from './find-added-orphans';
import { strategyConfig } from './strategy-config-arbitrary';
import { addedValidationProblems } from './validation-diff';

/** A generated file and what its writer put in it. */
export interface GeneratedFile {
  text: string;
  /** Calls whose result is in the file, and calls left without one (a submit, a pending call). */
  answered: number;
  unanswered: number;
}

/**
 * The calls and results in order, each id named by when it first appears: ids a reader made up for calls that had
 * none (LangChain's `null` ids) are numbered afresh when a pruned export is read again, yet pair the same way.
 */
function toolIdShape(messages: readonly Message[]): string[] {
  const names = new Map<string, number>();
  const name = (id: string) => names.get(id) ?? (names.set(id, names.size), names.size - 1);
  return messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === 'tool_use' ? [`use ${name(String(b.id))}`] : b.type === 'tool_result' ? [`result ${name(String(b.tool_use_id))}`] : [])) : [],
  );
}

const configFor = (messages: Message[]) => strategyConfig(messages.length, analyzeTranscript(messages).suffixTokens[0] as number);

/**
 * What every format reader owes the rest of prunescope, over generated files of its format (issue 20): the file is
 * detected as `format` and parses; every call with a result in the file is paired with it and the calls without one
 * are the only orphans; every registered strategy prunes it with no orphan and no API problem added; export with
 * every message kept gives the file back byte for byte, and re-parsing a pruned export gives the pruned messages'
 * tool ids in order.
 */
export function checkFormatLaws(files: fc.Arbitrary<GeneratedFile>, format: TranscriptFormat, numRuns = 150): void {
  const cases = files.chain((file) => {
    const parsed = parseTranscript(file.text);
    const messages = parsed.conversations[0]?.messages ?? [];
    return fc.tuple(fc.constant(file), fc.constant(parsed), configFor(messages));
  });
  fc.assert(
    fc.property(cases, ([file, parsed, config]) => {
      expect(parsed.format).toBe(format);
      const conversation = parsed.conversations[0];
      if (conversation === undefined) throw new Error('no conversation');
      const { messages } = conversation;
      const links = linkToolCalls(messages);
      expect(links.pairs.length).toBe(file.answered);
      expect(links.orphans.map((o) => o.kind)).toEqual(Array.from({ length: file.unanswered }, () => 'use'));

      const plan = planPrune(analyzeTranscript(messages), config);
      const output = applyPrunePlan(messages, plan);
      const origins = planOutputOrigins(plan);
      const origin = new Map<Message, number>();
      output.forEach((m, k) => origin.set(m, origins[k] ?? -1));
      expect(findAddedOrphans(messages, output)).toEqual([]);
      expect(addedValidationProblems(messages, output, origin, providerForFormat(format))).toEqual([]);

      expect(serializeTranscript(conversation, messages).text).toBe(file.text);
      const again = parseTranscript(serializeTranscript(conversation, output).text, { format });
      expect(toolIdShape(again.conversations[0]?.messages ?? [])).toEqual(toolIdShape(output));
    }),
    { numRuns },
  );
}
