/** Number formatting for a dense UI: 12,345 → "12.3k", tokens as "≈3.1k tok". Every figure goes through the core's `formatNumber`. */
import { estimateTokens, formatNumber, listFormats, transcriptExtensions, type Provider, type TranscriptFormat } from '../../core';

export function formatInt(value: number): string {
  return formatNumber(value, 'integer');
}

export function formatCompact(value: number): string {
  return formatNumber(value, 'compact');
}

export function formatUsd(value: number): string {
  return formatNumber(value, 'usd');
}

export function formatTokens(chars: number): string {
  return `≈${formatCompact(estimateTokens(chars))} tok`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Each provider's API, as the UI names it ("checked as … API"), from the format registry. */
export const PROVIDER_LABEL: Readonly<Record<Provider, string>> = Object.fromEntries(
  listFormats().flatMap((format) => (format.apiLabel === undefined ? [] : [[format.id, format.apiLabel]])),
) as Record<Provider, string>;

/** Each format as the top bar names it, from the format registry. */
export const FORMAT_LABEL: Readonly<Record<TranscriptFormat, string>> = Object.fromEntries(listFormats().map((format) => [format.id, format.label])) as Record<TranscriptFormat, string>;

/** The upload control's `accept`: every registered format's file extensions. */
export const UPLOAD_ACCEPT = transcriptExtensions().join(',');

/** "1 match", "2 matches": a count and its noun, grouped digits. */
export function plural(count: number, singular: string, pluralForm = /(s|x|ch|sh)$/.test(singular) ? `${singular}es` : `${singular}s`): string {
  return `${formatInt(count)} ${count === 1 ? singular : pluralForm}`;
}

export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
