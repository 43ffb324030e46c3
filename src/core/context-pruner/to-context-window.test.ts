import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { toContextWindow } from './to-context-window';
import { fromContextWindow } from './from-context-window';
import { annotateWithTokenEstimates } from './annotate-with-token-estimates';
import { estimateMessagesTokenCount } from './estimate-messages-token-count';
import { contentText } from '../text/content-text';
import { callTurn, chat, resultTurn, user } from '../../../test/support/build-messages';
import { charsCounter } from '../../../test/support/build-turns';
import { PNG_37X23 } from '../../../test/support/tiny-images';
import { countMessageTokens } from '../tokens/count-message-tokens';

describe('toContextWindow / fromContextWindow', () => {
  it('round-trips messages: same roles, the very same content', () => {
    const messages: Message[] = [user('fix it'), callTurn('a'), resultTurn('a'), ...chat(3)];
    const window = toContextWindow(messages, charsCounter, { pinned: [1], overheadTokens: 7 });
    expect(window.turns.map((t) => t.id)).toEqual(['turn-0', 'turn-1', 'turn-2', 'turn-3', 'turn-4', 'turn-5']);
    expect(window.turns.map((t) => t.pinned)).toEqual([false, true, false, false, false, false]);
    expect(window.turns[2]?.content).toBe(messages[2]?.content);
    expect(window.totalTokenEstimate).toBe(estimateMessagesTokenCount(messages, charsCounter) + 7);
    expect(fromContextWindow(window)).toEqual(messages);
  });

  it('takes ids and timestamps from the messages when they carry them, or from the caller', () => {
    const messages: Message[] = [{ role: 'user', content: 'a', id: 'm-1', timestamp: 5 }];
    expect(toContextWindow(messages, charsCounter).turns[0]).toMatchObject({ id: 'm-1', timestamp: 5 });
    const custom = toContextWindow(messages, charsCounter, { idOf: (_, i) => `x${i}`, timestampOf: () => 9 });
    expect(custom.turns[0]).toMatchObject({ id: 'x0', timestamp: 9 });
  });

  it('rejects bad pins and overheads', () => {
    expect(() => toContextWindow(chat(2), charsCounter, { pinned: [2] })).toThrow(/pinned index 2 is not an index of the 2 messages/);
    expect(() => toContextWindow(chat(2), charsCounter, { overheadTokens: -1 })).toThrow(RangeError);
  });
});

describe('annotateWithTokenEstimates / estimateMessagesTokenCount', () => {
  it('annotate writes each count; estimate is their sum; neither touches the input', () => {
    const window = toContextWindow([user('hello world'), callTurn('a'), resultTurn('a')], charsCounter);
    const stale = window.turns.map((t) => ({ ...t, tokenEstimate: 999 }));
    const annotated = annotateWithTokenEstimates(stale, charsCounter);
    expect(stale.every((t) => t.tokenEstimate === 999)).toBe(true);
    expect(annotated.map((t) => t.tokenEstimate)).toEqual(stale.map((t) => charsCounter.count(contentText(t.content))));
    expect(estimateMessagesTokenCount(stale, charsCounter)).toBe(annotated.reduce((s, t) => s + t.tokenEstimate, 0));
  });

  it('refuses a counter that gives no count', () => {
    const bad = { encoding: 'chars' as const, count: () => Number.NaN };
    expect(() => annotateWithTokenEstimates(toContextWindow(chat(1), charsCounter).turns, bad)).toThrow(/counter.count gave NaN for turns\[0\]/);
  });
});

describe('images in the window', () => {
  it('count as countMessageTokens counts them, not as the empty text they have (12 screenshots, not 12 tokens)', () => {
    const shot = { type: 'image' as const, source: { type: 'base64' as const, media_type: PNG_37X23.mediaType, data: PNG_37X23.base64 } };
    const url = { type: 'image' as const, source: { type: 'url' as const, url: 'https://example.com/shot.png' } };
    const messages: Message[] = [
      { role: 'user', content: Array.from({ length: 12 }, () => url) },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: [shot] }] },
    ];
    const window = toContextWindow(messages, charsCounter);
    const imageOnly = (m: Message) => countMessageTokens([m], charsCounter)[0]! - countMessageTokens([{ role: m.role, content: [] }], charsCounter)[0]!;
    expect(window.turns[0]?.tokenEstimate).toBe(imageOnly(messages[0]!) + charsCounter.count(contentText(messages[0]!.content)));
    expect(window.turns[0]?.tokenEstimate).toBeGreaterThanOrEqual(12 * 1600);
    expect(window.turns[1]?.tokenEstimate).toBeGreaterThan(charsCounter.count(contentText(messages[1]!.content)));
    expect(window.totalTokenEstimate).toBe(estimateMessagesTokenCount(messages, charsCounter));
  });
});
