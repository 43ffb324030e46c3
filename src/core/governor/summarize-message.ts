import type { Message } from '../types';
import type { Summarize } from './types';

/** What a summarized message's text starts with, so that the model reading it knows it is not the original. */
export const SUMMARY_PREFIX = '[Summary] ';

/**
 * A copy of `message` whose content is `summarize([message])`, prefixed with `[Summary] ` (a string if the content
 * was one, else one text block); role and other fields are kept. `undefined` when the summary is empty or no shorter
 * than the message's own text (`textLength`), since replacing it would lose words and save nothing.
 *
 * @throws {TypeError} when `summarize` returns something other than a string
 */
export function summarizeMessage(message: Message, summarize: Summarize, textLength: number): Message | undefined {
  const summary = summarize([message]);
  if (typeof summary !== 'string') {
    throw new TypeError(`planGovernor: summarize must return a string, got ${summary === null ? 'null' : typeof summary}`);
  }
  const text = `${SUMMARY_PREFIX}${summary.trim()}`;
  if (summary.trim() === '' || text.length >= textLength) return undefined;
  return { ...message, content: typeof message.content === 'string' ? text : [{ type: 'text', text }] };
}
