import { ANTHROPIC_FORMAT_ID } from '../anthropic/id';
import { defineFormat } from '../define-format';
import { detectAiSdkUi } from './detect-ai-sdk-ui';
import { parseAiSdkUi } from './parse-ai-sdk-ui';
import { readAiSdkUiTotal } from './read-ai-sdk-ui-total';
import { serializeAiSdkUi } from './serialize-ai-sdk-ui';

/**
 * AI SDK (`ai`, Vercel) `UIMessage[]` as `useChat` apps persist them. Read as `convertToModelMessages` sends them, so
 * checked, like `ModelMessage[]`, as Anthropic Messages. A run's usage is what the app put in `metadata.totalUsage`.
 */
export const aiSdkUiFormat = defineFormat({
  id: 'ai-sdk-ui',
  name: 'AI SDK UIMessage JSON',
  supportedAs: 'AI SDK UIMessage[] JSON (useChat)',
  label: 'AI SDK UI messages',
  extensions: ['.json'],
  provider: ANTHROPIC_FORMAT_ID,
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  detect: detectAiSdkUi,
  parse: (source, context) => parseAiSdkUi(source.kind === 'document' ? source.value : [], context),
  serialize: serializeAiSdkUi,
  recordedUsage: { read: () => [], readTotal: (conversation) => readAiSdkUiTotal(conversation), fromText: false },
});
