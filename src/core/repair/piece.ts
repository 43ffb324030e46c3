import type { ContentBlock, Message, Role } from '../types';
import type { RepairChange } from './types';

/** A block of a message under repair, with the input index of the message it came from. */
export interface Part {
  block: ContentBlock;
  from: number;
}

/** A message under repair: one input message, several merged, or one the repair made. */
export interface Piece {
  role: Role;
  /** Input indexes merged into it, in order; empty for a message the repair made. */
  members: number[];
  /** The input message it was, returned as is while nothing changed. */
  source: Message | undefined;
  parts: Part[];
  /** `string` while the piece is one input message whose content was a string and is still a single text. */
  shape: 'string' | 'blocks';
  /** Content neither a string nor a list (malformed): carried untouched, never merged. */
  opaque: boolean;
  /** Never merged into the piece before it (`keepApart`). */
  apart: boolean;
  changed: boolean;
}

/** Where the repair writes what it did. */
export type ChangeLog = (change: RepairChange) => void;
