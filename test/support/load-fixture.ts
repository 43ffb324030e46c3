import { readFileSync } from 'node:fs';
import type { Conversation } from '../../src/core/formats/types';
import { parseTranscript } from '../../src/core/formats/parse-transcript';

/** The conversations of a file in fixtures/, parsed as the inspector would parse them. */
export function loadFixture(name: string): Conversation[] {
  const text = readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
  return parseTranscript(text, { fileName: name }).conversations;
}

/** The first (main) conversation of a file in fixtures/. */
export function loadMainConversation(name: string): Conversation {
  const [first] = loadFixture(name);
  if (first === undefined) throw new Error(`fixtures/${name} holds no conversation`);
  return first;
}
