/**
 * Properties of repairMessages on generated agent transcripts, broken ones included (calls never answered,
 * results answering nothing, blank text), with the validator as the oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { validateMessages } from '../formats/validate-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';
import { repairTranscript } from '../../../test/support/repair-transcript-arbitrary';
import { repairMessages } from './repair-messages';
import type { RepairOptions } from './types';

/** What repair leaves alone (see repairMessages): ids repeated inside one assistant turn, and their results. */
const LEFT_ALONE = new Set(['anthropic/duplicate-tool-use-id', 'anthropic/duplicate-tool-result']);

const options = fc.record({ unansweredCalls: fc.constantFrom<'remove' | 'answer'>('remove', 'answer') });
const RUNS = { numRuns: 300 };

/** Whether some assistant turn (a run of assistant messages) calls one id twice. */
const repeatsAnId = (messages: readonly Message[]): boolean => {
  let ids = new Set<string>();
  let role: string | undefined;
  for (const m of messages) {
    if (m.role !== role) ids = new Set();
    role = m.role;
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use') continue;
      if (ids.has(b.id as string)) return true;
      ids.add(b.id as string);
    }
  }
  return false;
};

describe('repairMessages properties', () => {
  it('the output has none of the problems repair is for, for the Anthropic API; what is left is only what it leaves alone', () => {
    fc.assert(
      fc.property(agentTranscript(), options, (messages, opts: RepairOptions) => {
        const { messages: out } = repairMessages(messages, opts);
        const left = validateMessages(out, 'anthropic');
        expect(left.filter((p) => !LEFT_ALONE.has(p.rule))).toEqual([]);
        if (left.length > 0) expect(repeatsAnId(out)).toBe(true);
      }),
      RUNS,
    );
  });

  it('never adds an orphan, and leaves none: every call is answered and every result answers', () => {
    fc.assert(
      fc.property(agentTranscript(), options, (messages, opts: RepairOptions) => {
        const { messages: out } = repairMessages(messages, opts);
        expect(findAddedOrphans(messages, out)).toEqual([]);
        expect(linkToolCalls(out).orphans).toEqual([]);
      }),
      RUNS,
    );
  });

  it('is idempotent: repairing the output again changes nothing and returns the same objects', () => {
    fc.assert(
      fc.property(agentTranscript(), options, (messages, opts: RepairOptions) => {
        const once = repairMessages(messages, opts);
        const twice = repairMessages(once.messages, opts);
        expect(twice.changes).toEqual([]);
        expect(twice.origin).toEqual(once.messages.map((_, k) => k));
        twice.messages.forEach((m, k) => expect(m).toBe(once.messages[k]));
      }),
      RUNS,
    );
  });

  it('never mutates its input and is deterministic', () => {
    fc.assert(
      fc.property(agentTranscript(), options, (messages, opts: RepairOptions) => {
        const before = structuredClone(messages);
        const a = repairMessages(messages, opts);
        expect(messages).toEqual(before);
        expect(repairMessages(messages, opts)).toEqual(a);
      }),
      RUNS,
    );
  });

  it('keeps order and bounds: origins increase, each is an input index or -1, and a message nothing touched is the same object', () => {
    fc.assert(
      fc.property(agentTranscript(), options, (messages, opts: RepairOptions) => {
        const { messages: out, origin, changes } = repairMessages(messages, opts);
        expect(origin).toHaveLength(out.length);
        const known = origin.filter((o) => o !== -1);
        for (let k = 1; k < known.length; k++) expect(known[k]).toBeGreaterThan(known[k - 1] as number);
        for (const o of origin) expect(o === -1 || (Number.isInteger(o) && o >= 0 && o < messages.length)).toBe(true);
        for (const c of changes) expect(c.index >= 0 && c.index < messages.length).toBe(true);
        for (let k = 1; k < changes.length; k++) expect(changes[k]?.index).toBeGreaterThanOrEqual(changes[k - 1]?.index as number);
        // Made messages only answer lost calls, so there are at most as many as assistant messages.
        expect(origin.filter((o) => o === -1).length).toBeLessThanOrEqual(messages.filter((m) => m.role === 'assistant').length);
        const touched = new Set(changes.map((c) => c.index));
        origin.forEach((o, k) => {
          if (o !== -1 && !touched.has(o)) {
            const next = known.find((x) => x > o) ?? messages.length;
            const untouched = Array.from({ length: next - o }, (_, d) => o + d).every((i) => !touched.has(i));
            if (untouched) expect(out[k]).toBe(messages[o]);
          }
        });
      }),
      RUNS,
    );
  });

  it('a message kept apart is never merged into the one before it, and the output is still valid', () => {
    const withApart = agentTranscript().chain((messages) =>
      fc.tuple(fc.constant(messages), fc.uniqueArray(fc.nat({ max: Math.max(0, messages.length - 1) }), { maxLength: messages.length === 0 ? 0 : 4 })),
    );
    fc.assert(
      fc.property(withApart, options, ([messages, keepApart], opts) => {
        const { messages: out, changes } = repairMessages(messages, { ...opts, keepApart });
        const mergedIn = changes.filter((c) => c.rule === 'repair/merge-same-role').map((c) => c.index);
        for (const i of keepApart) expect(mergedIn).not.toContain(i);
        const left = validateMessages(out, 'anthropic');
        expect(left.filter((p) => !LEFT_ALONE.has(p.rule))).toEqual([]);
        expect(linkToolCalls(out).orphans).toEqual([]);
      }),
      RUNS,
    );
  });

  it('never adds an orphan and is idempotent on transcripts aimed at repair (blank text, misplaced and stray tool blocks, malformed content, messages kept apart)', () => {
    const withApart = repairTranscript().chain((messages) =>
      fc.tuple(fc.constant(messages as Message[]), fc.uniqueArray(fc.nat({ max: Math.max(0, messages.length - 1) }), { maxLength: messages.length === 0 ? 0 : 4 })),
    );
    fc.assert(
      fc.property(withApart, options, ([messages, keepApart], opts) => {
        expect(findAddedOrphans(messages, repairMessages(messages, { ...opts, keepApart }).messages)).toEqual([]);
        // Idempotent without keepApart: the indexes kept apart name input messages, not the output's.
        const once = repairMessages(messages, opts);
        expect(repairMessages(once.messages, opts).changes).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('changes nothing in a transcript the validator already accepts, apart from merging consecutive same-role messages', () => {
    fc.assert(
      fc.property(agentTranscript({ broken: false }), (messages) => {
        const problems = validateMessages(messages, 'anthropic');
        fc.pre(problems.length === 0);
        const { changes } = repairMessages(messages);
        expect(changes.filter((c) => c.rule !== 'repair/merge-same-role')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
