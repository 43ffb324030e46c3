/** How a conversation is opened: the whole history or what the agent sent last, repaired or as logged. */
import { lastSentConversation, repairConversation, type Conversation, type RepairChange, type TokenEncoding } from '../core';

export interface OpenOptions {
  /**
   * `last-sent`: from the last compaction boundary on, the context the agent really had at the end. `auto` (the
   * default): `last-sent` when the conversation was compacted, else `whole`.
   */
  scope?: 'whole' | 'last-sent' | 'auto';
  /** Repair what the API would refuse in the input (whitespace-only blocks, orphans…) before pruning. Default is true. */
  repair?: boolean;
  /** How tokens are counted once the first paint is out: `auto` follows the source format. Default is `auto`. */
  encoding?: TokenEncoding | 'auto';
}

export interface OpenedConversation {
  conversation: Conversation;
  scope: 'whole' | 'last-sent';
  /** Index in the whole conversation of the first message shown (0 for the whole history). */
  offset: number;
  wholeCount: number;
  changes: RepairChange[];
}

export function openWith(whole: Conversation, options: OpenOptions): OpenedConversation {
  const wantLast = options.scope === 'last-sent' || (options.scope ?? 'auto') === 'auto';
  const { conversation: scoped, offset } = wantLast ? lastSentConversation(whole) : { conversation: whole, offset: 0 };
  const scope = offset > 0 ? 'last-sent' : 'whole';
  if (options.repair === false) return { conversation: scoped, scope, offset, wholeCount: whole.messages.length, changes: [] };
  const { conversation, changes } = repairConversation(scoped);
  return { conversation, scope, offset, wholeCount: whole.messages.length, changes };
}

/** A short, stable name for a file's text, so a link made for one transcript can tell it is on another. */
export function fingerprintOf(text: string): string {
  // FNV-1a over the length and up to 64k characters from each end: cheap on a 200 MB file, and two different
  // transcripts of one length that agree on both ends are not what shared links meet.
  let hash = 0x811c9dc5;
  const mix = (code: number) => {
    hash ^= code;
    hash = Math.imul(hash, 0x01000193);
  };
  const sample = 65_536;
  mix(text.length & 0xffff);
  mix(text.length >>> 16);
  for (let i = 0; i < Math.min(sample, text.length); i++) mix(text.charCodeAt(i));
  for (let i = Math.max(sample, text.length - sample); i < text.length; i++) mix(text.charCodeAt(i));
  return (hash >>> 0).toString(36).padStart(7, '0');
}
