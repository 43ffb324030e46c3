import { describeValue } from '../tokens/describe-value';
import type { FormatDefinition } from './format-types';
import { FORMAT_REGISTRY } from './registry';
import type { TranscriptFormat } from './types';

const BY_ID = new Map<string, FormatDefinition<TranscriptFormat>>(FORMAT_REGISTRY.map((definition) => [definition.id, definition]));

/**
 * The registered format with this id. `caller` names the function in the error.
 *
 * @throws {TypeError} for an id that is not registered, naming the ones that are
 */
export function getFormat(id: unknown, caller = 'getFormat'): FormatDefinition<TranscriptFormat> {
  const definition = typeof id === 'string' ? BY_ID.get(id) : undefined;
  if (definition === undefined) {
    throw new TypeError(`${caller}: format is ${describeValue(id)}; allowed: ${[...BY_ID.keys()].join(', ')}.`);
  }
  return definition;
}
