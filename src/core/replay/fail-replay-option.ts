import { describeValue } from '../tokens/describe-value';

/** Throws the replay's error for an option out of shape (TypeError) or range (RangeError), naming the field. */
export function failReplayOption(field: string, value: unknown, expected: string): never {
  throw new (typeof value === 'number' ? RangeError : TypeError)(`replayTranscript: ${field} is ${describeValue(value)}; expected ${expected}.`);
}
