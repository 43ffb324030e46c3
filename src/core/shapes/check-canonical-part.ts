import { foreignShapeError } from './foreign-shape-error';
import { identifyShape } from './identify-shape';
import { isForeignPartType } from './is-foreign-part-type';

/**
 * `checkCanonicalMessage`'s rule for one part, of type `type`, of the message at `index`, for a caller that checked
 * the message with `partsApart` and reads each part's type anyway: throws the `TypeError` the whole check throws,
 * naming what the whole message shows. Parts of type `text`, `tool_use`, `tool_result` or `thinking` need no call:
 * they are Anthropic's, or tell nothing.
 *
 * @throws {TypeError} for a part only another API has, in a message of that API's shape
 */
export function checkCanonicalPart(message: unknown, index: number, caller: string, type: string): void {
  if (!isForeignPartType(type)) return;
  const shape = identifyShape(message);
  if (shape !== undefined && shape.ecosystem !== 'anthropic-messages') throw foreignShapeError(caller, index, shape);
}
