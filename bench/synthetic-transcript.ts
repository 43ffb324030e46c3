/**
 * Seeded synthetic agent transcripts in the Anthropic Messages shape, for the pruning benchmark.
 *
 * Proportions follow the real coding-agent session in
 * ../shared/data/anthropic/spotter-session.messages.json (278 messages): almost every assistant
 * message calls a tool and is answered by a user message of tool_result blocks; text accompanies
 * about 60% of the calls, thinking about 10%; tool results have a median of ~200 characters but a
 * long tail (a quarter over 2,000, a tenth over 10,000); a few are errors. Human turns are rare in
 * that session; here one comes about every 33 assistant steps (turnEndRate 0.03), so a long
 * transcript is many turns rather than one.
 */
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../src/core';

/** mulberry32: tiny, fast, and good enough for shaping data; Math.random cannot be seeded. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the build failed because module resolution could not find the package export so we fall back to ' +
  'reading the file directly then run the tests again and check whether the fixture still matches ' +
  'error warning src core index ts function return const let await async import from json parse ' +
  'tool result output line column expected received snapshot diff commit branch merge status ok'
).split(' ');

/**
 * One shared block of prose that every text is sliced from: V8 keeps slices as views, so a 100k
 * transcript with ~170 MB of nominal text costs only a few MB, and generation stays fast.
 */
function makeCorpus(rand: () => number, length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const word = WORDS[Math.floor(rand() * WORDS.length)] ?? 'x';
    parts.push(word, rand() < 0.1 ? '\n' : ' ');
    size += word.length + 1;
  }
  return parts.join('');
}

const CORPUS_LENGTH = 64 * 1024;
const TOOL_NAMES = ['Bash', 'Read', 'Edit', 'Grep', 'Glob', 'Write', 'TodoWrite', 'Task'] as const;

export interface TranscriptOptions {
  /** Probability that an assistant step ends the turn with text only, handing back to the human. */
  turnEndRate?: number;
}

/** Exactly `count` messages, starting with the human's task; every tool_use is answered. */
export function syntheticTranscript(count: number, seed: number, options: TranscriptOptions = {}): Message[] {
  const rand = mulberry32(seed);
  const corpus = makeCorpus(rand, CORPUS_LENGTH);
  const turnEndRate = options.turnEndRate ?? 0.03;
  let nextId = 0;

  const between = (min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
  const text = (length: number): string => {
    // Texts longer than the corpus repeat it: only their length matters to a pruner.
    if (length > CORPUS_LENGTH) return corpus.repeat(Math.ceil(length / CORPUS_LENGTH)).slice(0, length);
    const start = between(0, CORPUS_LENGTH - length);
    return corpus.slice(start, start + length);
  };
  // Log-uniform within each band reproduces the real median-200, long-tail shape.
  const logBetween = (min: number, max: number): number =>
    Math.round(Math.exp(Math.log(min) + rand() * (Math.log(max) - Math.log(min))));
  const resultLength = (): number => {
    const r = rand();
    if (r < 0.6) return logBetween(20, 400);
    if (r < 0.88) return logBetween(400, 8000);
    return logBetween(8000, 32000);
  };
  const parallelCalls = (): number => {
    const r = rand();
    if (r < 0.88) return 1;
    if (r < 0.96) return 2;
    if (r < 0.99) return 3;
    return 4;
  };
  const toolInput = (name: string): Record<string, unknown> => {
    if (name === 'Write' && rand() < 0.5) return { file_path: `/repo/${text(20)}`, content: text(logBetween(500, 20000)) };
    if (name === 'Edit') return { file_path: `/repo/${text(20)}`, old_string: text(between(20, 400)), new_string: text(between(20, 400)) };
    return { command: text(between(15, 250)) };
  };

  const messages: Message[] = [];
  let pending: ToolUseBlock[] = [];

  const pushHuman = (): void => {
    const long = rand() < 0.1;
    messages.push({ role: 'user', content: [{ type: 'text', text: text(long ? logBetween(2000, 16000) : logBetween(8, 600)) }] });
  };

  const pushAssistant = (mustEndTurn: boolean): void => {
    const blocks: ContentBlock[] = [];
    if (rand() < 0.1) blocks.push({ type: 'thinking', thinking: text(logBetween(80, 1500)), signature: 'sig' });
    const endsTurn = mustEndTurn || rand() < turnEndRate;
    if (endsTurn || rand() < 0.62) blocks.push({ type: 'text', text: text(logBetween(10, endsTurn ? 1500 : 400)) });
    pending = [];
    if (!endsTurn) {
      for (let call = parallelCalls(); call > 0; call--) {
        const name = TOOL_NAMES[Math.floor(rand() * TOOL_NAMES.length)] ?? 'Bash';
        const use: ToolUseBlock = { type: 'tool_use', id: `toolu_${(nextId++).toString(36).padStart(8, '0')}`, name, input: toolInput(name) };
        pending.push(use);
        blocks.push(use);
      }
    }
    messages.push({ role: 'assistant', content: blocks });
  };

  const pushResults = (): void => {
    const blocks: ContentBlock[] = pending.map((use): ToolResultBlock => {
      const result: ToolResultBlock = { type: 'tool_result', tool_use_id: use.id, content: text(resultLength()) };
      if (rand() < 0.035) result.is_error = true;
      return result;
    });
    // A human sometimes interjects alongside the results, as in the real session.
    if (rand() < 0.015) blocks.push({ type: 'text', text: text(logBetween(10, 400)) });
    pending = [];
    messages.push({ role: 'user', content: blocks });
  };

  pushHuman();
  while (messages.length < count) {
    const last = messages[messages.length - 1];
    if (last?.role === 'user') {
      // A call in the final slot would stay unanswered; end the turn there instead.
      pushAssistant(messages.length === count - 1);
    } else if (pending.length > 0) {
      pushResults();
    } else {
      pushHuman();
    }
  }
  return messages;
}
