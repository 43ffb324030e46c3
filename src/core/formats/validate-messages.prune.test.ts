/**
 * Every strategy of pruneMessages, every maxTurns from 0 to n, over real transcripts: where the input validates
 * clean for a provider, the output does too; where the input already has problems, the output adds none.
 *
 * Problems are compared as multisets keyed by rule, the API's text without its `messages.N` position (positions
 * move when messages are dropped) and the input message the problem points at (the pruned array holds the input's
 * own message objects; the summary message counts as a new one). A result block that answers no call is one
 * offence whichever of the API's words names it (see SAME_OFFENCE).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { StrategyId } from '../strategies/registry';
import type { Provider, ValidationProblem } from './types';
import { linkToolCalls } from '../links/link-tool-calls';
import { pruneMessages } from '../prune/prune-messages';
import { validateMessages } from './validate-messages';
import { parseTranscript } from './parse-transcript';

const STRATEGIES: StrategyId[] = ['sliding-window', 'summarize', 'importance'];
/** Each API's word for a call no result answers. */
const UNANSWERED = new Set(['anthropic/tool-use-without-result', 'openai-chat/tool-calls-without-response', 'openai-responses/function-call-without-output']);
const PROVIDERS: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];

const fixture = (name: string): Message[] =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8')) as Message[];

/** Keys of `problems` found in `messages`, whose message objects map back to input indices through `origin`. */
function problemKeys(
  messages: readonly Message[],
  problems: readonly ValidationProblem[],
  origin: ReadonlyMap<Message, number>,
): string[] {
  return problems.map((p) => {
    const from = origin.get(messages[p.messageIndex] as Message) ?? 'new';
    const family = SAME_OFFENCE[p.rule];
    if (family !== undefined) return `${family} @input ${from}`;
    return `${p.rule} @input ${from}: ${p.message.replace(/^messages\.\d+(?:\.content\.\d+)?: /, '')}`;
  });
}

/**
 * Rules that name one offence, a result block that answers no call, in different words depending on what is left
 * around it: "duplicate" while an earlier result for its id sits in the turn and "unexpected" once that one is gone;
 * for Chat, "must be a response to a preceeding message" after a user message and "not found in 'tool_calls'" when
 * it lands after another call's tool messages. Counted per input message, whatever the words.
 */
const SAME_OFFENCE: Partial<Record<string, string>> = {
  'anthropic/unexpected-tool-result': 'anthropic/result-answering-no-call',
  'anthropic/duplicate-tool-result': 'anthropic/result-answering-no-call',
  'openai-chat/tool-without-call': 'openai-chat/result-answering-no-call',
  'openai-chat/tool-call-id-not-found': 'openai-chat/result-answering-no-call',
};

/** Keys in `after` beyond their count in `before`. */
function addedKeys(before: readonly string[], after: readonly string[]): string[] {
  const budget = new Map<string, number>();
  for (const key of before) budget.set(key, (budget.get(key) ?? 0) + 1);
  return after.filter((key) => {
    const left = budget.get(key) ?? 0;
    if (left === 0) return true;
    budget.set(key, left - 1);
    return false;
  });
}

/**
 * Prunes `messages` with every strategy and bound in `bounds`, validates each output for every provider, and
 * returns one line per problem an output adds: input name, provider, strategy, maxTurns and the problem.
 */
function problemsAddedByPruning(name: string, messages: readonly Message[], bounds: Iterable<number>): string[] {
  const origin = new Map(messages.map((m, i) => [m, i] as const));
  const before = new Map(PROVIDERS.map((p) => [p, problemKeys(messages, validateMessages(messages, p), origin)] as const));
  const failures: string[] = [];
  for (const maxTurns of bounds) {
    for (const strategy of STRATEGIES) {
      const out = pruneMessages(messages, { strategy, maxTurns });
      for (const provider of PROVIDERS) {
        const after = problemKeys(out, validateMessages(out, provider), origin);
        for (const key of addedKeys(before.get(provider) ?? [], after)) {
          failures.push(`${name} · ${provider} · ${strategy} · maxTurns ${maxTurns}: ${key}`);
        }
      }
    }
  }
  return failures;
}

const upTo = (n: number) => Array.from({ length: n + 1 }, (_, k) => k);

describe('pruning never makes a request the API would reject (Anthropic JSON fixtures)', () => {
  for (const name of ['spotter-session.messages.json', 'pause-turn-web-search.messages.json']) {
    it(`${name}: every strategy, every maxTurns from 0 to n, every provider`, () => {
      const messages = fixture(name);
      const failures = problemsAddedByPruning(name, messages, upTo(messages.length));
      expect(failures.slice(0, 20)).toEqual([]);
    });
  }

  it('the real inputs: pause-turn validates clean everywhere; spotter only has its whitespace-only text blocks', () => {
    const pause = fixture('pause-turn-web-search.messages.json');
    for (const provider of PROVIDERS) expect(validateMessages(pause, provider)).toEqual([]);
    const spotter = fixture('spotter-session.messages.json');
    expect(new Set(validateMessages(spotter, 'anthropic').map((p) => p.rule))).toEqual(
      new Set(['anthropic/whitespace-text-block']),
    );
    expect(validateMessages(spotter, 'openai-chat')).toEqual([]);
    expect(validateMessages(spotter, 'openai-responses')).toEqual([]);
  });
});

describe('pruning never makes a request the API would reject (every fixture, read with parseTranscript)', () => {
  const files = readdirSync(new URL('../../../fixtures/', import.meta.url)).filter((f) => f !== 'README.md');
  /**
   * The research's samples end on calls no result answers yet (the last call, one awaiting approval): what an app
   * saves mid-run. The API would refuse them as they are (repair answers them); pruning must add nothing.
   */
  const PENDING_CALLS: Record<string, string[]> = {
    'ai-sdk-written.model-messages.json': ['anthropic/tool-use-without-result', 'openai-chat/tool-calls-without-response', 'openai-responses/function-call-without-output'],
    'ai-sdk-written.ui-messages.json': ['anthropic/tool-use-without-result', 'openai-chat/tool-calls-without-response', 'openai-responses/function-call-without-output'],
  };

  it('reads every fixture', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it('the real inputs validate clean for every provider, except the whitespace-only text blocks Claude Code logs and the calls the file left without a result', () => {
    for (const file of files) {
      const { conversations } = parseTranscript(readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8'));
      for (const c of conversations) {
        // Calls the file left without a result (an OpenHands `finish`, a Gemini CLI call that never got a response, a
        // SWE-agent submit, a LangGraph state saved before its tool ran) are what the APIs would reject, and nothing else.
        const unanswered = new Set(linkToolCalls(c.messages).orphans.flatMap((o) => (o.kind === 'use' ? [o.messageIndex] : [])));
        for (const provider of PROVIDERS) {
          const problems = validateMessages(c.messages, provider).filter((p) => !(UNANSWERED.has(p.rule) && unanswered.has(p.messageIndex)));
          const rulesFound = new Set(problems.map((p) => p.rule));
          rulesFound.delete('anthropic/whitespace-text-block');
          for (const rule of PENDING_CALLS[file] ?? []) rulesFound.delete(rule);
          expect({ file, conversation: c.id, provider, rules: [...rulesFound] }).toEqual({
            file,
            conversation: c.id,
            provider,
            rules: [],
          });
        }
      }
    }
  });

  for (const file of files) {
    it(`${file}: every conversation, strategy, maxTurns from 0 to n and provider`, () => {
      const text = readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8');
      const { conversations } = parseTranscript(text, { fileName: file });
      expect(conversations.length).toBeGreaterThan(0);
      const failures = conversations.flatMap((c) =>
        problemsAddedByPruning(`${file} ${c.id}`, c.messages, upTo(c.messages.length)),
      );
      expect(failures.slice(0, 20)).toEqual([]);
    });
  }
});

describe('the comparison itself', () => {
  it('has teeth: a naive tail slice of the real spotter session (no tool-pair care) is caught for every provider', () => {
    const messages = fixture('spotter-session.messages.json');
    const origin = new Map(messages.map((m, i) => [m, i] as const));
    for (const provider of PROVIDERS) {
      const before = problemKeys(messages, validateMessages(messages, provider), origin);
      let caught = 0;
      for (let k = 1; k <= messages.length; k++) {
        const tail = messages.slice(messages.length - k);
        if (addedKeys(before, problemKeys(tail, validateMessages(tail, provider), origin)).length > 0) caught++;
      }
      // Every cut that lands on a tool_result message orphans it: about half the cuts in this tool-heavy session.
      expect(caught, provider).toBeGreaterThan(100);
    }
  });

  it('flags a problem an output adds and ignores one the input already had', () => {
    const call: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 't', input: {} }] };
    const answer: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] };
    const blank: Message = { role: 'user', content: '' };
    const input = [blank, call, answer, { role: 'assistant', content: 'done' } as Message];
    const origin = new Map(input.map((m, i) => [m, i] as const));
    const before = problemKeys(input, validateMessages(input, 'anthropic'), origin);
    const broken = [blank, answer, input[3] as Message];
    const added = addedKeys(before, problemKeys(broken, validateMessages(broken, 'anthropic'), origin));
    expect(added).toEqual(['anthropic/result-answering-no-call @input 2']);
  });
});
