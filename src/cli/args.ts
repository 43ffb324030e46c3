import { parseArgs } from 'node:util';
import { CliError } from './errors';
import { formatNumber } from '../core/text/format-number';

/** One flag as `node:util`'s `parseArgs` declares it. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
}

export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * `parseArgs` with the CLI's conventions: positionals allowed, `--no-x` for booleans, and its errors (whose texts
 * explain `--` and option syntax at length) turned into one line that names the command and points to its help.
 */
export function parseFlags(command: string, args: readonly string[], options: Record<string, FlagSpec>): { values: FlagValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, allowNegative: true, strict: true });
    return { values: values as FlagValues, positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? message;
      throw new CliError(`${command}: unknown option ${flag} (prunescope ${command} --help lists them)`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /'(--[^ ']+)/.exec(message)?.[1];
      throw new CliError(flag ? `${command}: ${flag} needs a value (for one that starts with -, write ${flag}=-1)` : `${command}: ${message}`);
    }
    throw new CliError(`${command}: ${message}`);
  }
}

/** A string flag's value, or `undefined`; a repeated flag is an error, since only one value is used. */
export function single(command: string, values: FlagValues, flag: string): string | undefined {
  const value = values[flag];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new CliError(`${command}: --${flag} is given ${value.length} times; give it once`);
  if (typeof value !== 'string') throw new CliError(`${command}: --${flag} needs a value`);
  return value;
}

/** A whole number from `min` to `max`, named in the error by its flag. */
export function readInteger(command: string, flag: string, text: string, min: number, max: number): number {
  const trimmed = text.trim().replace(/_/g, '');
  if (!/^-?\d+$/.test(trimmed)) throw new CliError(`${command}: --${flag} must be a whole number, got ${JSON.stringify(text)}`);
  const value = Number(trimmed);
  if (value < min || value > max) {
    // The value as typed: a hyphen for a minus sign, which a terminal user can search for.
    throw new CliError(`${command}: --${flag} must be from ${formatNumber(min)} to ${formatNumber(max)}, got ${value < 0 ? '-' : ''}${formatNumber(Math.abs(value))}`);
  }
  return value;
}

/** One of `choices`, named in the error by its flag. */
export function readChoice<T extends string>(command: string, flag: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    throw new CliError(`${command}: --${flag} must be one of ${choices.join(', ')}, got ${JSON.stringify(text)}`);
  }
  return text as T;
}
