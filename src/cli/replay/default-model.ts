import type { TranscriptFormat } from '../../lib/formats';

/** The model priced when neither `--model` nor the file names one: a current mid-range model of the format's API. */
export function defaultModel(format: TranscriptFormat): string {
  return format === 'anthropic' || format === 'claude-code' ? 'anthropic/claude-sonnet-4.5' : 'openai/gpt-4o';
}
