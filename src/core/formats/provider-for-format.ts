import { getFormat } from './get-format';
import type { Provider, TranscriptFormat } from './types';

/**
 * The API dialect a format's requests are sent in, as its format says (`registry.ts`): Claude Code talks to
 * Anthropic's Messages API; the other formats are their API's own.
 *
 * @throws {TypeError} when `format` is not a registered format.
 */
export function providerForFormat(format: TranscriptFormat): Provider {
  return getFormat(format, 'providerForFormat').provider as Provider;
}
