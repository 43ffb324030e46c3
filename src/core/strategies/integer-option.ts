import type { OptionSpec } from './types';

type IntegerSpec = Extract<OptionSpec, { kind: 'integer' }>;

/**
 * An integer option of a strategy's table, written by position: the registry is in every bundle `pruneMessages` is
 * (issue 24's 200 KB), and the 38 integer options written as object literals spelled their eight keys each time,
 * ≈ 2 KB minified. The spec is the same object, in the same key order (no `unit` key without a unit).
 */
export function integerOption(key: string, label: string, description: string, defaultValue: number, min: number, max: number, unit?: IntegerSpec['unit']): IntegerSpec {
  const spec: IntegerSpec = { key, label, description, kind: 'integer', default: defaultValue, min, max };
  if (unit !== undefined) spec.unit = unit;
  return spec;
}
