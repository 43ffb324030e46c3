import { ENTRY_POINT, SHAPE_NAME, type ForeignShape } from './foreign-shape';

/**
 * The `TypeError` an entry point throws for a message of another API: where (`messages[index]`), what gave it away,
 * and the entry point that takes it (`instead`, when the caller knows a better one). `what` names the caller's own
 * input (`messages`, `items`).
 */
export function foreignShapeError(caller: string, index: number, shape: ForeignShape, what = 'messages', instead = ENTRY_POINT[shape.ecosystem]): TypeError {
  return new TypeError(
    `${caller}: ${what}[${index}] has ${shape.evidence}, so it is ${SHAPE_NAME[shape.ecosystem]}; ${caller} does not take those here. ` +
      `Use ${instead} instead.`,
  );
}
