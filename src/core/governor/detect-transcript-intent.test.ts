import { describe, expect, it } from 'vitest';
import { detectTranscriptIntent } from './detect-transcript-intent';
import { assistant, user } from '../../../test/support/build-messages';
import { loadMainConversation } from '../../../test/support/load-fixture';

describe('detectTranscriptIntent', () => {
  it('lets the latest prompt lead when it names an intent, with the task at half weight', () => {
    const result = detectTranscriptIntent([user('add a CSV export'), assistant('done'), user('it crashes on empty input, fix it')]);
    expect(result.intent).toBe('debugging');
    expect(result.evidence[0]).toMatch(/^latest: /);
    expect(result.evidence.some((e) => e.startsWith('task (×0.5): '))).toBe(true);
  });

  it('falls back on the task in full when the latest prompt names none', () => {
    const result = detectTranscriptIntent([user('explain how the worker talks to the store'), assistant('…'), user('continue')]);
    expect(result.intent).toBe('explanation');
    expect(result.evidence.every((e) => e.startsWith('task: '))).toBe(true);
  });

  it('is generic with full confidence when no one typed anything', () => {
    expect(detectTranscriptIntent([assistant('hi')])).toEqual({ intent: 'generic', confidence: 1, evidence: [] });
    expect(detectTranscriptIntent([])).toEqual({ intent: 'generic', confidence: 1, evidence: [] });
  });

  it.each([
    ['spotter-session.jsonl', 'code_generation'], // "Work on bead spotter-dov…", then "continue"
    ['spotter-short.jsonl', 'debugging'], // "mix phx.server doesnt seem to start"
    ['spotter-tool-heavy.jsonl', 'debugging'], // "…still does not work…"
    ['openhands-sdk-fncall-llm-message.json', 'code_generation'],
    ['pause-turn-web-search.messages.json', 'search'],
    ['tau-bench-gpt-4o-airline.json', 'generic'],
  ])('reads %s as %s', (file, intent) => {
    expect(detectTranscriptIntent(loadMainConversation(file).messages).intent).toBe(intent);
  });
});
