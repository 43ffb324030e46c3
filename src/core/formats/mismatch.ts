import type { Detection } from './format-types';

/**
 * A format's `detect` answer for input it does not read. `badRecord` is the 1-based number of the first message or
 * item that does not fit (0 when the container itself does not): the further a format read before it stopped, the
 * closer it is, so the error's "Closest: …" names the format that came nearest. Confidence stays below 0.45.
 * `recognisedAs`: the file is this format beyond doubt and only the part `reason` names is wrong (see `Detection`).
 */
export function mismatch(reason: string, badRecord = 0, recognisedAs?: string): Detection {
  const detection: Detection = { reads: false, confidence: (0.45 * badRecord) / (badRecord + 1), reason };
  if (recognisedAs !== undefined) detection.recognisedAs = recognisedAs;
  return detection;
}
