import { ANTHROPIC_FORMAT_ID } from '../anthropic/id';
import { defineFormat } from '../define-format';
import { detectAiSdk } from './detect-ai-sdk';
import { parseAiSdk } from './parse-ai-sdk';
import { serializeAiSdk } from './serialize-ai-sdk';

/**
 * AI SDK (`ai`, Vercel) `ModelMessage[]` as apps persist them (`response.messages` of `generateText`/`streamText`).
 * The SDK sends them to any provider; they are checked as Anthropic Messages, the strictest of the conversions
 * (consecutive tool and user messages merge into one user turn that must open with the results).
 */
export const aiSdkFormat = defineFormat({
  id: 'ai-sdk',
  name: 'AI SDK ModelMessage JSON',
  supportedAs: 'AI SDK ModelMessage[] JSON',
  label: 'AI SDK messages',
  extensions: ['.json'],
  provider: ANTHROPIC_FORMAT_ID,
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  detect: detectAiSdk,
  parse: (source, context) => parseAiSdk(source.kind === 'document' ? source.value : [], context),
  serialize: serializeAiSdk,
});
