import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../core';
import { describeDoc, openConversation } from './doc';
import { countExactly } from './exact-tokens';

function open(name: string) {
  const text = readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
  const parsed = parseTranscript(text, { fileName: name });
  return openConversation({ docId: 1, fileName: name, bytes: text.length, parsed, fingerprint: name, sourceText: text }, 0);
}

describe('expectedUsage (what describeDoc says the counts will bring)', () => {
  it.each([
    ['spotter-session.jsonl', { requests: true, total: false }],
    ['swe-agent-gpt4-pydicom-1458.traj', { requests: false, total: true }],
    ['spotter-session.messages.json', { requests: false, total: false }],
    ['codex-rollout-gpt-5.5.jsonl', { requests: true, total: false }],
  ])('%s at load says what the exact counts then show', async (name, expected) => {
    const d = open(name);
    expect(describeDoc(d).expectsUsage).toEqual(expected);
    const counted = await countExactly(d, 'chars', () => {}, () => true);
    // The promise kept: a held line is filled by the counts, and no line comes that was not held.
    expect({ requests: counted?.usage !== undefined, total: counted?.total !== undefined }).toEqual(expected);
  });

  it('holds no run total for the messages as last sent: it is shown only against the whole run', () => {
    const d = open('swe-agent-gpt4-pydicom-1458.traj');
    expect(describeDoc({ ...d, scope: 'last-sent' }).expectsUsage.total).toBe(false);
  });
});
