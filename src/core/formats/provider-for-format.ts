import type { Provider, TranscriptFormat } from './types';

/** The API dialect a format's requests are sent in: Claude Code talks to Anthropic's Messages API. */
export function providerForFormat(format: TranscriptFormat): Provider {
  return format === 'claude-code' ? 'anthropic' : format;
}
