import type { MessageFate } from '../types';

/**
 * Fates as bytes, so a plan for 100k messages is one transferable `Uint8Array`.
 * `masked`: the message is sent, with (part of) its content replaced by a placeholder.
 * `summarized`: the message is not sent as it was; a summary stands for it (a separate message, or its own content
 * shortened in place when the plan gives a replacement).
 */
export const FATE = { kept: 0, dropped: 1, summarized: 2, masked: 3 } as const;

/** Byte → name, for display. */
export const FATE_NAMES: readonly MessageFate[] = ['kept', 'dropped', 'summarized', 'masked'];
