import type { OptionSpec } from './types';

type Spec<K extends OptionSpec['kind']> = Extract<OptionSpec, { kind: K }>;

/**
 * Reads one option of a config by its spec: absent gives the default; a wrong type or a value out of range throws
 * an error naming the option, the value and what is allowed.
 */
export function checkOption(config: object, spec: Spec<'integer'>): number;
export function checkOption(config: object, spec: Spec<'boolean'>): boolean;
export function checkOption(config: object, spec: Spec<'string-list'>): readonly string[];
export function checkOption(config: object, spec: Spec<'choice'> | Spec<'text'>): string;
export function checkOption(config: object, spec: OptionSpec): number | boolean | string | readonly string[] {
  const value: unknown = (config as Record<string, unknown>)[spec.key];
  if (value === undefined) return spec.default;
  const where = `pruneMessages: ${spec.key}`;
  switch (spec.kind) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        throw new TypeError(`${where} must be a whole number, got ${String(value)}`);
      }
      if (value < spec.min || value > spec.max) {
        throw new RangeError(`${where} must be from ${spec.min} to ${spec.max}, got ${value}`);
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw new TypeError(`${where} must be true or false, got ${String(value)}`);
      return value;
    case 'string-list':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
        throw new TypeError(`${where} must be an array of strings, got ${JSON.stringify(value)}`);
      }
      return value as readonly string[];
    case 'choice':
      if (typeof value !== 'string' || !spec.choices.includes(value)) {
        throw new TypeError(`${where} must be one of ${spec.choices.join(', ')}, got ${JSON.stringify(value)}`);
      }
      return value;
    case 'text':
      if (typeof value !== 'string') throw new TypeError(`${where} must be a string, got ${JSON.stringify(value)}`);
      if (value.length > spec.maxLength) throw new RangeError(`${where} must be at most ${spec.maxLength} characters, got ${value.length}`);
      return value;
    default: {
      const unknownKind: never = spec;
      throw new TypeError(`unknown option kind ${JSON.stringify(unknownKind)}`);
    }
  }
}
