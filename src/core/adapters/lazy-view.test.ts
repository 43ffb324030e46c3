import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { lazyView } from '../shapes/lazy-view';
import { responsesView } from '../shapes/responses-view';
import { modelMessageView } from './ai-sdk/model-message-view';
import { chatMessageView } from './openai-chat/chat-message-view';

const runs = () => [new Int32Array([0, 1]), new Int32Array([0, 1]), new Int32Array([1, 2])] as const;

describe('lazyView', () => {
  it('builds a message on its first read only, and all of them for `messages`', () => {
    const built: number[] = [];
    const view = lazyView(...runs(), { build: (v): Message => (built.push(v), { role: v === 0 ? 'user' : 'assistant', content: `m${v}` }) });
    expect(view.list?.length).toBe(2);
    expect(view.list?.at(1)).toEqual({ role: 'assistant', content: 'm1' });
    expect(view.list?.at(1)).toBe(view.list?.at(1));
    expect(built).toEqual([1]);
    expect(view.messages.map((m) => m.content)).toEqual(['m0', 'm1']);
    expect(built).toEqual([1, 0]);
  });

  // V8 drops a closure's optimized code when a full GC finds no closure of it alive: a view made of per-call
  // closures ran unoptimized after every major GC (4–15× the core's CPU in bench/adapters.bench.ts with FULL_GC).
  it('makes no function per view: every view, of every adapter, reads through the same `at`', () => {
    const views = [
      lazyView(...runs(), { build: (): Message => ({ role: 'user', content: '' }) }),
      modelMessageView([{ role: 'user', content: 'a' }], 'test'),
      chatMessageView([{ role: 'user', content: 'a' }], 'test'),
      responsesView([{ role: 'user', content: 'a' }], 'test'),
      responsesView([{ type: 'function_call', call_id: 'c', name: 'ls', arguments: '{}' }], 'test'),
    ];
    for (const view of views) {
      expect(view.list?.at).toBe(views[0]?.list?.at);
      expect(Object.values(view).filter((value) => typeof value === 'function')).toEqual([]);
    }
  });
});
