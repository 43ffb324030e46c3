import type fc from 'fast-check';
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

/** Content as blocks, so `'x'` and `[{ type: 'text', text: 'x' }]` compare equal (formats without string content). */
export function asBlocks(message: Message): Message {
  return { role: message.role, content: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content };
}

/**
 * The laws a generated file of a format obeys: it is read as that format; results pair with their calls (only calls
 * may be left alone); written back with everything kept it is the file itself, byte for byte; pruned by a registered
 * strategy (drawn by `g`) no pair is broken and no new problem for the format's API appears; and the pruned
 * conversation, exported and read again, is the pruned messages.
 */
export function checkFormatFile(text: string, format: TranscriptFormat, answered: number, g: fc.GeneratorValue): void {
  const parsed = parseTranscript(text);
  expect(parsed.format).toBe(format);
  const conversation = parsed.conversations[0];
  if (conversation === undefined) throw new Error('no conversation');
  const { messages } = conversation;
  const links = linkToolCalls(messages);
  expect(links.orphans.filter((o) => o.kind === 'result')).toEqual([]);
  expect(links.pairs).toHaveLength(answered);
  expect(serializeTranscript(conversation, messages).text).toBe(text);

  const analysis = analyzeTranscript(messages);
  const config = g(strategyConfig, messages.length, analysis.suffixTokens[0] as number);
  const plan = planPrune(analysis, config);
  const out = applyPrunePlan(messages, plan);
  const origins = planOutputOrigins(plan);
  const origin = new Map<Message, number>();
  out.forEach((m, k) => {
    const from = origins[k] ?? -1;
    if (from >= 0) origin.set(m, from);
  });
  expect(findAddedOrphans(messages, out), config.strategy).toEqual([]);
  expect(addedValidationProblems(messages, out, origin, providerForFormat(format)), config.strategy).toEqual([]);

  const back = parseTranscript(serializeTranscript(conversation, out).text).conversations[0];
  expect(back?.messages.map(asBlocks), config.strategy).toEqual(out.map(asBlocks));
}
