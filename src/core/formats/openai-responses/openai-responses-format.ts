import { defineFormat } from '../define-format';
import { detectOpenAIResponses } from './detect-openai-responses';
import { parseOpenAIResponses } from './parse-openai-responses';
import { readCodexUsage } from './read-codex-usage';
import { serializeOpenAIResponses } from './serialize-openai-responses';
import { validateOpenAiResponses } from './validate-openai-responses';

/** OpenAI Responses items (an array or `{ input }`), and Codex CLI rollouts, which are those items in JSONL. */
export const openAIResponsesFormat = defineFormat({
  id: 'openai-responses',
  name: 'OpenAI Responses items',
  supportedAs: 'Codex rollout JSONL or OpenAI Responses items',
  label: 'OpenAI Responses',
  extensions: ['.json', '.jsonl'],
  provider: 'openai-responses',
  api: { label: 'OpenAI Responses', validate: validateOpenAiResponses, shape: 'responses-input' },
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  // A one-line rollout parses as a single JSON document.
  isLoneRecord: (record) => typeof record.type === 'string' && !('role' in record) && 'payload' in record,
  detect: detectOpenAIResponses,
  parse: (source, { fileName, warnings, skipped }) => parseOpenAIResponses(source, fileName, warnings, skipped),
  serialize: serializeOpenAIResponses,
  // Codex records what its requests cost on `event_msg` lines, which the parser skips.
  recordedUsage: { read: (conversation, source) => (conversation.layout?.kind === 'jsonl' ? readCodexUsage(conversation, source()) : []), fromText: true },
});
