/** A transcript the worker holds: the parse, the open conversation, its analysis, and what was planned for it. */
import { analyzeTranscript, charsTokenCounter, countMessageTokens, withTokens, type Conversation, type Message, type ParsedTranscript, type PrunePlan, providerForFormat, type Provider, type RepairChange, type ScorecardFacts, type TokenEncoding, type TranscriptAnalysis, type UsageComparison } from '../core';
import type { DocSummary } from './protocol';
import { openWith, type OpenOptions } from './open-options';
import { expectedUsage } from './expected-usage';
import type { RecordedReading } from './recorded-of';

export interface Doc {
  docId: number;
  fileName: string;
  bytes: number;
  fingerprint: string;
  parsed: ParsedTranscript;
  conversationIndex: number;
  /** What is shown and pruned: the scope chosen, repaired unless asked not to be. */
  conversation: Conversation;
  scope: 'whole' | 'last-sent';
  offset: number;
  wholeCount: number;
  hasBoundary: boolean;
  repair: boolean;
  changes: RepairChange[];
  messages: Message[];
  analysis: TranscriptAnalysis;
  provider: Provider;
  totalChars: number;
  systemTokens: number;
  /** How `analysis.tokens` were counted; `chars` until exact counts arrive. */
  encoding: TokenEncoding;
  /** Bumped when the counts change, so plans of older counts are told apart (part of every plan key). */
  epoch: number;
  /** The file's text, kept only where recorded usage needs it (Codex `token_count` lines are not messages). */
  sourceText?: string;
  usage?: UsageComparison;
  /** What the file recorded its requests and run cost, read once (`recordedOf`). */
  recorded?: RecordedReading;
  /** What scorecards check plans against, found on the first plan. */
  facts?: ScorecardFacts;
  searchText?: string[];
  /** Plans by plan key, for the keys last asked for: fates, verdicts and export all read them. */
  plans: Map<string, PrunePlan>;
  /** The lane each cached plan was made for, to say which lane an explanation is from. */
  laneOfKey: Map<string, string>;
  /** Problems of the unpruned input, as `index\0rule`, and how many there are. */
  inputProblems?: Set<string>;
  inputProblemCount?: number;
}

export type DocBase = Pick<Doc, 'docId' | 'fileName' | 'bytes' | 'parsed' | 'sourceText'> & { fingerprint: string };

/** Opens one conversation of a parsed file: analyses it once for every lane and bound to come. */
export function openConversation(base: DocBase, index: number, options: OpenOptions = {}): Doc {
  const conversationIndex = Math.min(Math.max(0, index), base.parsed.conversations.length - 1);
  const whole = base.parsed.conversations[conversationIndex] as Conversation;
  const opened = openWith(whole, options);
  const conversation = opened.conversation;
  const messages = conversation.messages;
  const analysis = withImageEstimates(analyzeTranscript(messages), messages);
  let totalChars = 0;
  for (let i = 0; i < analysis.count; i++) totalChars += analysis.scan.textLength[i] as number;
  const system = typeof conversation.system === 'string' ? conversation.system : '';
  return {
    ...base,
    conversationIndex,
    conversation,
    scope: opened.scope,
    offset: opened.offset,
    wholeCount: opened.wholeCount,
    hasBoundary: (whole.boundaries?.length ?? 0) > 0,
    repair: options.repair !== false,
    changes: opened.changes,
    messages,
    analysis,
    provider: providerForFormat(conversation.format ?? base.parsed.format),
    totalChars,
    systemTokens: system ? analysis.counter.count(system) : 0,
    encoding: 'chars',
    epoch: 0,
    plans: new Map(),
    laneOfKey: new Map(),
  };
}

/**
 * The first paint counts characters ÷ 4, which gives an image (no characters) nothing: a message that holds one is
 * counted by the estimate's counter instead, which sizes images by their pixels (Anthropic's rule), so an image shows
 * about what the exact count will say from the start. One look at each block's type; nothing changes without images.
 */
function withImageEstimates(analysis: TranscriptAnalysis, messages: readonly Message[]): TranscriptAnalysis {
  let tokens: Float64Array | undefined;
  for (let i = 0; i < messages.length; i++) {
    if (!holdsImage(messages[i]?.content)) continue;
    tokens ??= Float64Array.from(analysis.tokens);
    tokens[i] = countMessageTokens(messages, charsTokenCounter, { from: i, to: i + 1 })[0] as number;
  }
  return tokens ? withTokens(analysis, tokens, analysis.counter) : analysis;
}

function holdsImage(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  for (const block of content as unknown[]) {
    if (block === null || typeof block !== 'object') continue;
    const { type, content: inner } = block as { type?: unknown; content?: unknown };
    if (type === 'image' || (type === 'tool_result' && holdsImage(inner))) return true;
  }
  return false;
}

export function describeDoc(d: Doc): DocSummary {
  const warnings = d.parsed.warnings;
  const system = typeof d.conversation.system === 'string' ? d.conversation.system : '';
  return {
    docId: d.docId,
    fileName: d.fileName,
    format: d.conversation.format ?? d.parsed.format,
    provider: d.provider,
    conversationIndex: d.conversationIndex,
    conversations: d.parsed.conversations.map((c) => ({ id: c.id, title: c.title, count: c.messages.length })),
    conversationTitle: d.conversation.title,
    warnings: warnings.slice(0, 200),
    warningCount: warnings.length,
    count: d.messages.length,
    totalChars: d.totalChars,
    totalTokens: d.analysis.suffixTokens[0] as number,
    pairCount: clientPairs(d),
    orphanCount: d.analysis.links.orphans.length,
    ...(system ? { system: system.slice(0, 50_000) } : {}),
    systemChars: system.length,
    systemTokens: d.systemTokens,
    bytes: d.bytes,
    fingerprint: d.fingerprint,
    scope: d.scope,
    hasBoundary: d.hasBoundary,
    offset: d.offset,
    wholeCount: d.wholeCount,
    boundaries: (d.conversation.boundaries ?? []).map((b) => ({
      before: b.messageIndex,
      kind: b.kind,
      ...(b.preTokens !== undefined ? { preTokens: b.preTokens } : {}),
      ...(b.trigger !== undefined ? { trigger: b.trigger } : {}),
    })),
    repair: { on: d.repair, changeCount: d.changes.length, changes: d.changes.slice(0, 200) },
    encoding: d.encoding,
    epoch: d.epoch,
    expectsUsage: expectedUsage(d),
    skipped: d.parsed.skipped ?? [],
  };
}

/** Tool pairs a client ran: not the searches a Responses log records without a result (made up by the reader). */
function clientPairs(d: Doc): number {
  const annotations = d.conversation.annotations;
  if (!annotations) return d.analysis.links.pairs.length;
  let count = 0;
  for (const pair of d.analysis.links.pairs) {
    if (annotations[pair.resultIndex]?.synthesizedResults?.includes(pair.id)) continue;
    count++;
  }
  return count;
}
