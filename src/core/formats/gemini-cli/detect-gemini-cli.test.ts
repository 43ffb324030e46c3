import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TranscriptSource } from '../format-types';
import { parseTranscript } from '../parse-transcript';
import { readTranscriptSource } from '../read-transcript-source';
import { detectGeminiCli } from './detect-gemini-cli';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const doc = (value: unknown): TranscriptSource => ({ kind: 'document', value });
const session = (messages: unknown[], extra: Record<string, unknown> = {}) => ({ sessionId: 's', projectHash: 'p', startTime: 't', lastUpdated: 't', messages, ...extra });

describe('detectGeminiCli', () => {
  it('is certain of a session with its ids and typed records, and says so', () => {
    const d = detectGeminiCli(doc(session([{ id: 'a', type: 'user', content: 'hi' }, { id: 'b', type: 'gemini', content: 'hello' }])));
    expect(d).toEqual({ reads: true, confidence: 0.99, reason: 'a Gemini CLI session: sessionId, projectHash and messages typed user/gemini' });
  });

  it('reads typed records without the session ids with less confidence', () => {
    expect(detectGeminiCli(doc({ messages: [{ id: 'a', type: 'user', content: 'hi' }] }))).toMatchObject({ reads: true, confidence: 0.7 });
  });

  it('is certain of session JSONL: a sessionId/projectHash line, then records, $set and $rewindTo', () => {
    const d = detectGeminiCli(readTranscriptSource(fixture('gemini-cli-sample.jsonl')));
    expect(d).toMatchObject({ reads: true, confidence: 0.99 });
  });

  it('says which message does not fit, as a path, when the session ids do not vouch for the file', () => {
    const d = detectGeminiCli(doc({ messages: [{ id: 'a', type: 'user', content: 'hi' }, { role: 'assistant', content: 'x' }] }));
    expect(d.reads).toBe(false);
    expect(d.reason).toBe('messages[1] has no `type` (Gemini CLI records are typed user/gemini/info/error)');
    expect(detectGeminiCli(doc(session([{ id: 'a', type: 'info', content: 'x' }]))).reason).toBe('no message is typed `user` or `gemini`');
    // With them, a record it cannot read is the parser's warning, not a refusal of the whole session.
    expect(detectGeminiCli(doc(session([{ id: 'a', type: 'user', content: 'hi' }, 'x']))).reads).toBe(true);
  });

  it('never reads another format’s files', () => {
    for (const name of ['spotter-short.jsonl', 'codex-rollout-agentcmd-2025-09-24.jsonl', 'openhands-sdk-fncall-llm-message.json', 'pause-turn-web-search.messages.json', 'openhands-basic.json']) {
      expect(detectGeminiCli(readTranscriptSource(fixture(name))).reads, name).toBe(false);
    }
  });

  it('its files are read as Gemini CLI sessions by parseTranscript', () => {
    for (const name of ['codemie-session-2025-12-01.json', 'gemini-cli-sample.json', 'gemini-cli-sample.jsonl']) {
      expect(parseTranscript(fixture(name)).format, name).toBe('gemini-cli');
    }
  });

  it('names Gemini API contents (a /chat save checkpoint) as a near miss of Gemini CLI', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'hello' }] },
    ];
    for (const text of [JSON.stringify(contents), JSON.stringify({ contents })]) {
      expect(() => parseTranscript(text)).toThrow(/looks like Gemini API contents, which prunescope cannot read\..*Closest: Gemini CLI session: /);
    }
  });
});
