import { ANTHROPIC_FORMAT_ID } from '../anthropic/id';
import { defineFormat } from '../define-format';
import { detectGeminiCli } from './detect-gemini-cli';
import { GEMINI_CLI_NEAR_MISSES } from './near-misses';
import { parseGeminiCli } from './parse-gemini-cli';
import { readGeminiCliUsage } from './read-gemini-cli-usage';
import { serializeGeminiCli } from './serialize-gemini-cli';

/** Gemini CLI sessions: `~/.gemini/tmp/<project>/chats/session-*.json` (up to v0.38) and `.jsonl` (v0.39+). */
export const geminiCliFormat = defineFormat({
  id: 'gemini-cli',
  name: 'Gemini CLI session',
  label: 'Gemini CLI session',
  extensions: ['.json', '.jsonl'],
  // Gemini's generateContent API has no validator here. Its requests are checked with the canonical Anthropic rules:
  // like Gemini ("the number of function response parts must equal the number of function call parts"), they
  // reject a call whose results do not follow it, which is what pruning must never cause. See README.md.
  provider: ANTHROPIC_FORMAT_ID,
  // ai-tokenizer's own model table counts Gemini models with o200k_base; Gemini's SentencePiece vocabulary is not public
  // in a form it ships. Measured on the real session, see README.md.
  encoding: 'o200k_base',
  replayModel: 'google/gemini-2.5-pro',
  isLoneRecord: (record) => typeof record.sessionId === 'string' && typeof record.projectHash === 'string' && !Array.isArray(record.messages),
  detect: detectGeminiCli,
  parse: parseGeminiCli,
  serialize: serializeGeminiCli,
  recordedUsage: { read: (conversation) => readGeminiCliUsage(conversation), fromText: false },
  nearMisses: GEMINI_CLI_NEAR_MISSES,
});
