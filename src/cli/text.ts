/** Plain-text layout for help and tables: word wrapping, aligned columns, CSV, numbers. */
import { formatNumber } from '../core/text/format-number';

/** Wraps `text` at `width` columns, every line after the first indented by `indent` spaces. */
export function wrap(text: string, width: number, indent: number): string {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length > 0 && line.length + 1 + word.length > width - indent) {
      lines.push(line);
      line = word;
    } else {
      line = line.length > 0 ? `${line} ${word}` : word;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

export type Align = 'left' | 'right';

/** Columns padded to their widest cell; numbers read best right-aligned, so each column says how it aligns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => (align[c] === 'right' ? cell.padStart(widths[c] as number) : cell.padEnd(widths[c] as number)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n') + '\n';
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

// Figures are written by the core's one formatter, so the CLI and the inspector write a number alike.
export function formatCount(n: number): string {
  return formatNumber(n, 'integer');
}

/** A share as a percentage with one decimal, or `–` when there is nothing to divide by. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? formatNumber(part / whole, 'percent') : '–';
}

export function formatUsd(usd: number): string {
  return formatNumber(usd, 'usd');
}

/** A change relative to `base`, signed: `−40.0%`, `+5.0%`, `±0.0%`; `–` without a base. */
export function formatChange(value: number, base: number, digits = 1): string {
  return base > 0 ? formatNumber((value - base) / base, 'change', digits) : '–';
}
