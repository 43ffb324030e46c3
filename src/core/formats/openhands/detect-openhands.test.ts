import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TranscriptSource } from '../format-types';
import { parseTranscript } from '../parse-transcript';
import { readTranscriptSource } from '../read-transcript-source';
import { detectOpenHands } from './detect-openhands';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const doc = (value: unknown): TranscriptSource => ({ kind: 'document', value });
const user = { id: 0, timestamp: 't', source: 'user', message: 'hi', action: 'message', args: { content: 'hi' } };
const agent = { id: 1, timestamp: 't', source: 'agent', message: 'hello', action: 'message', args: { content: 'hello' } };

describe('detectOpenHands', () => {
  it('is nearly certain of events linked by tool calls, less of messages only', () => {
    expect(detectOpenHands(readTranscriptSource(fixture('openhands-basic.json')))).toEqual({
      reads: true,
      confidence: 0.97,
      reason: 'an OpenHands event stream: actions and observations linked by tool calls',
    });
    expect(detectOpenHands(doc([user, agent]))).toMatchObject({ reads: true, confidence: 0.85 });
  });

  it('reads an evaluation output, `{ instance_id, history }`, and JSONL of them', () => {
    expect(detectOpenHands(doc({ instance_id: 'x', history: [user, agent] })).reads).toBe(true);
    const lines: TranscriptSource = { kind: 'lines', warnings: [], lines: [{ line: 1, value: { instance_id: 'a', history: [user] } }, { line: 2, value: { instance_id: 'b', history: [agent] } }] };
    expect(detectOpenHands(lines).reads).toBe(true);
  });

  it('names the event that does not fit, unless most events do', () => {
    expect(detectOpenHands(doc([user, { ...agent, observation: 'run' }])).reason).toBe('events[1] has both `action` and `observation`');
    expect(detectOpenHands(doc([user, { ...agent, id: 'abc' }])).reason).toBe('events[1] has no numeric `id`');
    expect(detectOpenHands(doc([user, agent, 7])).reads).toBe(true);
    expect(detectOpenHands(doc({ history: [{ role: 'user', content: 'x' }] })).reason).toBe('history[0] has no `source` (user, agent or environment)');
  });

  it('never reads another format’s files, and SWE-agent’s `history` of messages is not an event stream', () => {
    for (const name of ['spotter-short.jsonl', 'codex-rollout-agentcmd-2025-09-24.jsonl', 'openhands-sdk-fncall-llm-message.json', 'codemie-session-2025-12-01.json', 'tau-bench-gpt-4o-airline.json']) {
      expect(detectOpenHands(readTranscriptSource(fixture(name))).reads, name).toBe(false);
    }
    expect(detectOpenHands(doc({ history: [{ role: 'system', content: 'x', agent: 'main' }], trajectory: [] })).reads).toBe(false);
  });

  it('names OpenHands V1 (software-agent-sdk) events as a near miss, one event file too', () => {
    const event = { kind: 'ActionEvent', id: '7a2b', timestamp: 't', source: 'agent', tool_name: 'terminal', tool_call_id: 'c1' };
    for (const value of [[event], event]) {
      expect(() => parseTranscript(JSON.stringify(value))).toThrow(/looks like OpenHands V1 \(software-agent-sdk\) events, which prunescope cannot read\..*Closest: OpenHands event stream: /);
    }
  });
});
