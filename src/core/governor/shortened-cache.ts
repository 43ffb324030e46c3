import type { Message } from '../types';
import type { Summarize } from './types';

/** A unit in fewer tokens: the replacement of each member that changes. */
export interface ShortenedVersion {
  fate: 'masked' | 'summarized';
  /** Message index, its replacement, and the replacement's text length (`messageTextLength`). */
  members: { index: number; message: Message; textLength: number }[];
}

/**
 * Shortened versions already made, per unit: masked at each level (null: masking shortens nothing), and summarized
 * by each summarizer (null: no shorter summary). Held by a `GovernorAnalysis`.
 */
export interface ShortenedCache {
  masked: Map<number, (ShortenedVersion | null)[]>;
  summarized: WeakMap<Summarize, Map<number, ShortenedVersion | null>>;
}

export function createShortenedCache(): ShortenedCache {
  return { masked: new Map(), summarized: new WeakMap() };
}
