import type { PlanResult, WorkerResponse } from './protocol';

/** Transferable buffers of a response, so 100k-row arrays move instead of being copied. */
export function transferablesOf(response: WorkerResponse): Transferable[] {
  switch (response.type) {
    case 'loaded': {
      const r = response.rows;
      return [
        r.role.buffer,
        r.flags.buffer,
        r.chars.buffer,
        r.tokens.buffer,
        r.score.buffer,
        r.hasToolBlock.buffer,
        r.groupOf.buffer,
        r.previewOffsets.buffer,
        r.partnerOffsets.buffer,
        r.partners.buffer,
        r.toolNameOffsets.buffer,
        r.toolNameIds.buffer,
        r.toolNameCounts.buffer,
        r.callCount.buffer,
        r.resultCount.buffer,
        ...response.plans.flatMap(planBuffers),
      ].filter(uniqueBuffers());
    }
    case 'planned':
      return response.plans.flatMap(planBuffers).filter(uniqueBuffers());
    case 'search-result':
      return [response.matches.buffer];
    case 'tokens':
      return [response.tokens.buffer].filter(uniqueBuffers());
    default:
      return [];
  }
}

function planBuffers(p: PlanResult): ArrayBufferLike[] {
  return [p.fates.buffer, p.reasons.buffer, ...(p.cells ? [p.cells.tagOf.buffer, p.cells.values.buffer, p.cells.score.buffer] : [])];
}

function uniqueBuffers(): (buffer: ArrayBufferLike) => buffer is ArrayBuffer {
  const seen = new Set<ArrayBufferLike>();
  return (buffer): buffer is ArrayBuffer => {
    if (!(buffer instanceof ArrayBuffer) || seen.has(buffer)) return false;
    seen.add(buffer);
    return true;
  };
}
