import type { TranscriptFormat } from './types';

/** How messages name each format to the user. */
export const FORMAT_NAMES: Readonly<Record<TranscriptFormat, string>> = {
  anthropic: 'Anthropic Messages JSON',
  'claude-code': 'Claude Code session JSONL',
  'openai-chat': 'OpenAI Chat Completions JSON',
  'openai-responses': 'OpenAI Responses items',
};

/** The formats `parseTranscript` reads, as one phrase for error messages. */
export const SUPPORTED_FORMATS =
  'Claude Code session JSONL, Codex rollout JSONL or OpenAI Responses items, Anthropic Messages JSON, OpenAI Chat Completions JSON';
