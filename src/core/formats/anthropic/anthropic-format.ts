import { ANTHROPIC_FORMAT_ID } from './id';
import { defineFormat } from '../define-format';
import { detectAnthropic } from './detect-anthropic';
import { ANTHROPIC_NEAR_MISSES } from './near-misses';
import { parseAnthropic } from './parse-anthropic';
import { serializeAnthropic } from './serialize-anthropic';
import { validateAnthropic } from './validate-anthropic';

/** Anthropic Messages JSON: an array of messages or a request body; the canonical shape itself. */
export const anthropicFormat = defineFormat({
  id: ANTHROPIC_FORMAT_ID,
  name: 'Anthropic Messages JSON',
  label: 'Anthropic Messages',
  extensions: ['.json'],
  provider: ANTHROPIC_FORMAT_ID,
  api: { label: 'Anthropic Messages', validate: validateAnthropic, shape: 'anthropic-messages' },
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  detect: detectAnthropic,
  parse: (source, { fileName }) => parseAnthropic(source.kind === 'document' ? source.value : [], fileName),
  serialize: serializeAnthropic,
  nearMisses: ANTHROPIC_NEAR_MISSES,
});
