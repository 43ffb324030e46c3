import type { Piece } from './piece';

/** The input index a piece answers to: its first member, or -1 for a message the repair made. */
export function originOf(piece: Piece): number {
  return piece.members[0] ?? -1;
}
