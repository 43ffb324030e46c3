import type { OptionSpec } from './types';

type BooleanSpec = Extract<OptionSpec, { kind: 'boolean' }>;

/** A boolean option of a strategy's table, written by position for the bundle's sake, as `integerOption` is. */
export function booleanOption(key: string, label: string, description: string, defaultValue: boolean): BooleanSpec {
  return { key, label, description, kind: 'boolean', default: defaultValue };
}
