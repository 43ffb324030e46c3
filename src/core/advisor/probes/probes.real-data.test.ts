import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { findProbes } from './find-probes';
import { scoreProbes } from './score-probes';
import { probeNeedle, collapseWhitespace } from './probe-needle';
import { findScorecardFacts } from './find-scorecard-facts';
import { contentText } from '../../text/content-text';
import { FATE } from '../../plan/fate';
import { loadFixture } from '../../../../test/support/load-fixture';

const FIXTURES = readdirSync(new URL('../../../../fixtures/', import.meta.url)).filter((name) => /\.(json|jsonl|traj)$/.test(name));

/** Per file: probes by kind over its conversations, pinned so a reader that changes what it finds shows here. */
const counts = (messages: readonly Message[]) => {
  const tally: Record<string, number> = {};
  for (const p of findProbes(messages)) tally[p.kind] = (tally[p.kind] ?? 0) + 1;
  return tally;
};

describe('probes on every fixture', () => {
  it.each(FIXTURES)('%s: a probe per request, file and error, each found in its own message', (name) => {
    for (const { messages } of loadFixture(name)) {
      const facts = findScorecardFacts(messages);
      const probes = findProbes(messages);
      const of = (kind: string) => probes.filter((p) => p.kind === kind);
      expect(of('task').length).toBe(facts.task >= 0 ? 1 : 0);
      expect(of('request').length).toBe(facts.prompts.filter((i) => i !== facts.task).length);
      expect(of('file').map((p) => p.fact).sort()).toEqual([...facts.files.keys()].sort());
      expect(of('error').map((p) => p.messageIndex)).toEqual(facts.errors);
      expect(new Set(probes.map((p) => p.id)).size).toBe(probes.length);
      for (const probe of probes) {
        if (probe.kind === 'error' && probe.fact === 'failed with no output') continue;
        const needle = probeNeedle(probe.fact, probe.kind === 'file');
        // Some outputs hold escaped text (JSON inside a string): both sides are unescaped alike.
        const unescape = (t: string) => collapseWhitespace(t.replace(/\\n/g, '\n').replace(/\\"/g, '"'));
        const text = unescape(contentText((messages[probe.messageIndex] as Message).content));
        if (probe.kind === 'file') continue; // a path may sit in a patch or a shell line, read by filePathsOfCall
        expect(text, `${probe.id} in message ${probe.messageIndex}`).toContain(unescape(needle.replace(/ … .*/, '')).slice(0, 30));
      }
      // Sending everything keeps every probe.
      expect(scoreProbes(probes, { fates: new Uint8Array(messages.length).fill(FATE.kept), inserts: [] }).loss).toBe(0);
    }
  });

  it('finds what the real sessions hold', () => {
    const summary = Object.fromEntries(
      ['spotter-short.jsonl', 'codex-rollout-gpt-5.5.jsonl', 'tau-bench-gpt-4o-airline.json', 'swe-agent-gpt4-pydicom-1458.traj'].map((name) => [name, counts((loadFixture(name)[0] as { messages: Message[] }).messages)]),
    );
    expect(summary).toMatchInlineSnapshot(`
      {
        "codex-rollout-gpt-5.5.jsonl": {
          "error": 10,
          "file": 28,
          "plan": 1,
          "reference": 43,
          "request": 12,
          "task": 1,
        },
        "spotter-short.jsonl": {
          "error": 1,
          "task": 1,
        },
        "swe-agent-gpt4-pydicom-1458.traj": {
          "request": 12,
          "task": 1,
        },
        "tau-bench-gpt-4o-airline.json": {
          "reference": 2,
          "request": 7,
          "task": 1,
        },
      }
    `);
  });
});
