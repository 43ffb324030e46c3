import type { Message } from '../types';
import type { RememberedTerms } from './append-text-terms';

/**
 * The terms read from each message, kept while the message lives: a live replay indexes the context it holds before
 * every prune, and the same message objects come back prune after prune with a different cut. Keyed by the object
 * and checked against the text itself, so a message changed in place is read again.
 */
const rememberedTerms = new WeakMap<Message, RememberedTerms>();
/**
 * Whether any record was ever made. Until one is, every lookup would miss: an index of 100k messages reads 24
 * characters a text and remembers none, and its 100k lookups (a few ms) are skipped. Once one is, every message is
 * looked up, even one with no text long enough to remember now: a record made at an earlier, shorter read (a replay's
 * context grows) must still be let go when its message changes.
 */
let madeAny = false;

/** What the TF-IDF index remembers of `message`'s texts (`appendTextTerms`); with `create`, an empty record is made. */
export function rememberedTermsOf(message: Message, create: true): RememberedTerms;
export function rememberedTermsOf(message: Message, create: boolean): RememberedTerms | undefined;
export function rememberedTermsOf(message: Message, create: boolean): RememberedTerms | undefined {
  if (!madeAny && !create) return undefined;
  let remembered = rememberedTerms.get(message);
  if (remembered === undefined && create) {
    rememberedTerms.set(message, (remembered = []));
    madeAny = true;
  }
  return remembered;
}
