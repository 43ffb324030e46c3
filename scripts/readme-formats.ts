/**
 * The README's list of transcript formats, written from the format registry so the two cannot drift:
 * `scripts/readme-formats.test.ts` fails when they differ, and `npm run readme:formats` rewrites the list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { listFormats } from '../src/core/formats/list-formats';

export const START = '<!-- formats: written from src/core/formats/registry.ts by `npm run readme:formats`; do not edit by hand -->';
export const END = '<!-- /formats -->';

/** The table, one row per registered format, in the registry's order. */
export function renderFormatTable(): string {
  const rows = listFormats().map((f) =>
    [
      `\`${f.id}\``,
      f.name,
      f.extensions.map((e) => `\`${e}\``).join(' '),
      `\`${f.provider}\``,
      `\`${f.encoding}\``,
      f.recordsUsage ? (f.recordsTotal ? 'yes, run total' : 'yes') : '—',
    ].join(' | '),
  );
  return [
    '| id (`--format`, `--to`) | format | files | API (`--provider`) | tokens | recorded usage |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** `readme` with the text between the markers replaced by the table; throws when the markers are missing. */
export function withFormatTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md: the format list markers are missing (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n${renderFormatTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = new URL('../README.md', import.meta.url);
  writeFileSync(path, withFormatTable(readFileSync(path, 'utf8')));
}
