import type { Message } from '../types';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/** A summary's text as a peer sends it: one user message, the peer's fixed texts around the marked summary. */
export function wrapPeerSummary(summary: string, wrapping: { prefix: string; suffix?: string }): Message {
  const content = `${wrapping.prefix === '' ? '' : `${wrapping.prefix}\n`}${CONTEXT_SUMMARY_MARKER}
${summary}${wrapping.suffix === undefined || wrapping.suffix === '' ? '' : `\n${wrapping.suffix}`}`;
  return { role: 'user', content };
}
