import type { TranscriptAnalysis } from '../plan/analyze-transcript';

/**
 * The tokens `chars` characters of message `message` stand for: its tokens in proportion to its text (0 for a
 * message without text). How every peer that edits part of a message (a result, an input, thinking) prices the part,
 * so what a plan says it frees agrees with the message's own count.
 */
export function tokenShare(analysis: Pick<TranscriptAnalysis, 'tokens' | 'scan'>, message: number, chars: number): number {
  const messageChars = analysis.scan.textLength[message] as number;
  return messageChars > 0 ? ((analysis.tokens[message] as number) * Math.max(0, chars)) / messageChars : 0;
}
