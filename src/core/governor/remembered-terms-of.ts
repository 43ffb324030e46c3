import type { Message } from '../types';
import type { RememberedTerms } from './append-text-terms';

/**
 * The terms read from each message, kept while the message lives: a live replay indexes the context it holds before
 * every prune, and the same message objects come back prune after prune with a different cut. Keyed by the object
 * and checked against the text itself, so a message changed in place is read again.
 */
const rememberedTerms = new WeakMap<Message, RememberedTerms>();

/** What the TF-IDF index remembers of `message`'s texts (`appendTextTerms`); with `create`, an empty record is made. */
export function rememberedTermsOf(message: Message, create: true): RememberedTerms;
export function rememberedTermsOf(message: Message, create: boolean): RememberedTerms | undefined;
export function rememberedTermsOf(message: Message, create: boolean): RememberedTerms | undefined {
  let remembered = rememberedTerms.get(message);
  if (remembered === undefined && create) rememberedTerms.set(message, (remembered = []));
  return remembered;
}
