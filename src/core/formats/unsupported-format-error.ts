import type { Detection, TranscriptSource } from './format-types';
import { getFormat } from './get-format';
import { identifyForeignFormat } from './identify-foreign-format';
import { FORMAT_REGISTRY } from './registry';
import { TranscriptParseError } from './transcript-parse-error';
import type { TranscriptFormat } from './types';

/** One format's answer to detection, as `parseTranscript` collected it, in registry order. */
type Tried = { format: TranscriptFormat } & Detection;

/** The formats `parseTranscript` reads, as one phrase for error messages. */
const SUPPORTED_FORMATS = FORMAT_REGISTRY.map((format) => format.supportedAs ?? format.name).join(', ');

/**
 * The error for input no format reads, said once in plain words: what the input looks like (a known foreign format
 * such as a Gemini CLI session, or else its JSON shape), which formats are supported, and the closest one with what
 * keeps it from reading: the format whose detection was most confident (the first in the registry on a tie), with its
 * reason. `formatsTried` stays on the error as structured detail, not repeated in the message.
 * `subject` is how the input is named: `The file` or `The pasted text`. Returns `undefined` for text that is not
 * JSON and not a recognised format, which the caller reports as a syntax error instead.
 */
export function unsupportedFormatError(input: TranscriptSource, subject: string, tried?: readonly Tried[]): TranscriptParseError;
export function unsupportedFormatError(input: string, subject: string): TranscriptParseError | undefined;
export function unsupportedFormatError(
  input: TranscriptSource | string,
  subject: string,
  tried: readonly Tried[] = [],
): TranscriptParseError | undefined {
  const recognised = closest(tried.filter((t) => t.recognisedAs !== undefined));
  if (recognised?.recognisedAs !== undefined) {
    // The file is one of ours with a part that cannot be read: say so and where, not what its JSON looks like.
    return new TranscriptParseError(
      `${subject} is ${recognised.recognisedAs}, but ${recognised.reason}: prunescope cannot read it as it is. ` +
        `Mend or remove that part and open it again.`,
      { formatsTried: reasons(tried), closestFormat: recognised.format, looksLike: getFormat(recognised.format).name },
    );
  }
  const foreign = identifyForeignFormat(input);
  if (foreign !== undefined) {
    return new TranscriptParseError(
      `${subject} looks like ${foreign.phrase}, which prunescope cannot read. Supported: ${SUPPORTED_FORMATS}. ` +
        `Closest: ${getFormat(foreign.closest).name}: ${foreign.hint}.`,
      { formatsTried: reasons(tried), closestFormat: foreign.closest, looksLike: foreign.name },
    );
  }
  if (typeof input === 'string') return undefined;
  const near = closest(tried);
  const but = near === undefined ? '' : `, but ${near.reason}`;
  const format = near?.format ?? FORMAT_REGISTRY[0].id;
  return new TranscriptParseError(
    `${subject} is ${describeShape(input)}, not a transcript prunescope can read. Supported: ${SUPPORTED_FORMATS}. ` +
      `Closest: ${getFormat(format).name}${but}.`,
    { formatsTried: reasons(tried), closestFormat: format },
  );
}

/** The most confident of the formats that said no; the first on a tie. */
function closest(tried: readonly Tried[]): Tried | undefined {
  let best: Tried | undefined;
  for (const t of tried) if (best === undefined || t.confidence > best.confidence) best = t;
  return best;
}

function reasons(tried: readonly Tried[]): { format: TranscriptFormat; reason: string }[] {
  return tried.map(({ format, reason }) => ({ format, reason }));
}

function describeShape(source: TranscriptSource): string {
  if (source.kind === 'lines') {
    const n = source.lines.length;
    return `JSON Lines (${n} record${n === 1 ? '' : 's'})`;
  }
  const { value } = source;
  if (Array.isArray(value)) {
    return value.length === 0 ? 'an empty JSON array' : `a JSON array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (value === null) return 'JSON null';
  if (typeof value !== 'object') return `a JSON ${typeof value}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty JSON object';
  const shown = keys.slice(0, 5).map((k) => `\`${k}\``).join(', ');
  return `a JSON object with the key${keys.length === 1 ? '' : 's'} ${shown}${keys.length > 5 ? ', …' : ''}`;
}
