import { isRecord } from '../is-record';

/** A span of an OTLP/JSON trace export, with where it sits and its attributes decoded. */
export interface OtelSpan {
  /** JSON path of the span in its document: `['resourceSpans', r, 'scopeSpans', s, 'spans', k]`. */
  path: (string | number)[];
  /** 1-based line of the document, for a JSONL export (the Collector's file exporter writes one request a line). */
  line?: number;
  traceId: string;
  spanId: string;
  name: string;
  /** `endTimeUnixNano` (or the start), for ordering. */
  end: bigint;
  /** Each attribute's index in `attributes` and its raw `AnyValue`. */
  attributes: Map<string, { index: number; value: unknown }>;
  span: Record<string, unknown>;
}

/**
 * The spans of an OTLP/JSON trace export document (`resourceSpans` → `scopeSpans` → `spans`; the older
 * `instrumentationLibrarySpans` too), in document order, at most `limit` of them.
 */
export function listOtelSpans(document: unknown, line?: number, limit = Infinity): OtelSpan[] {
  const spans: OtelSpan[] = [];
  if (!isRecord(document) || !Array.isArray(document.resourceSpans)) return spans;
  document.resourceSpans.forEach((resource: unknown, r: number) => {
    if (!isRecord(resource)) return;
    const scopesKey = Array.isArray(resource.scopeSpans) ? 'scopeSpans' : 'instrumentationLibrarySpans';
    const scopes = resource[scopesKey];
    if (!Array.isArray(scopes)) return;
    scopes.forEach((scope: unknown, s: number) => {
      if (!isRecord(scope) || !Array.isArray(scope.spans)) return;
      scope.spans.forEach((span: unknown, k: number) => {
        if (!isRecord(span) || spans.length >= limit) return;
        const attributes = new Map<string, { index: number; value: unknown }>();
        if (Array.isArray(span.attributes)) {
          span.attributes.forEach((pair: unknown, index: number) => {
            if (isRecord(pair) && typeof pair.key === 'string') attributes.set(pair.key, { index, value: pair.value });
          });
        }
        const time = typeof span.endTimeUnixNano === 'string' || typeof span.endTimeUnixNano === 'number' ? span.endTimeUnixNano : span.startTimeUnixNano;
        const entry: OtelSpan = {
          path: ['resourceSpans', r, scopesKey, s, 'spans', k],
          traceId: typeof span.traceId === 'string' ? span.traceId : '',
          spanId: typeof span.spanId === 'string' ? span.spanId : '',
          name: typeof span.name === 'string' ? span.name : '',
          end: toBigInt(time),
          attributes,
          span,
        };
        if (line !== undefined) entry.line = line;
        spans.push(entry);
      });
    });
  });
  return spans;
}

function toBigInt(value: unknown): bigint {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
}
