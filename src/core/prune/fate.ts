import type { MessageFate } from '../types';

/** Fates as bytes, so a plan for 100k messages is one transferable `Uint8Array`. */
export const FATE = { kept: 0, dropped: 1, summarized: 2 } as const;

/** Byte → name, for display. */
export const FATE_NAMES: readonly MessageFate[] = ['kept', 'dropped', 'summarized'];
