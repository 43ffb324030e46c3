import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { readReplayInputs } from './read-replay-inputs';

// Claude (every turn's thinking sent back), Gemini (none sent back) and a Codex rollout (earlier turns' dropped).
const FILES = ['spotter-session.jsonl', 'codemie-session-2025-12-01.json', 'codex-rollout-agentcmd-2025-09-24.jsonl'];

describe('readReplayInputs', () => {
  it.each(FILES)('reads the same inputs from counts the caller gives as from its own (%s), calibrated or not', (name) => {
    const text = readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');
    const conversation = parseTranscript(text, { fileName: name }).conversations[0]!;
    const counts = countMessageTokens(conversation.messages, charsTokenCounter);
    for (const calibrate of [false, true]) {
      expect(readReplayInputs(conversation, charsTokenCounter, { text, calibrate, counts })).toEqual(readReplayInputs(conversation, charsTokenCounter, { text, calibrate }));
    }
    expect(() => readReplayInputs(conversation, charsTokenCounter, { counts: counts.subarray(1) })).toThrow(/counts must hold one count per message/);
  });
});
