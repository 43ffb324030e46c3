import { getFormat } from '../formats/get-format';
import type { TranscriptFormat } from '../formats/types';

/** The model priced when neither the caller nor the file names one: a current mid-range model of the format's API. */
export function defaultReplayModel(format: TranscriptFormat): string {
  return getFormat(format, 'defaultReplayModel').replayModel;
}
