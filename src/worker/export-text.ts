/** A lane's pruned transcript as a file: the source format where it can be, named after the lane and its bound. */
import { applyPrunePlan, serializeTranscript, type PrunePlan } from '../core';
import type { Doc } from './doc';
import type { LaneSpec, PlanRequest } from './lanes';
import type { ExportResult } from './protocol';

export function exportText(d: Doc, plan: PrunePlan, lane: LaneSpec, request: PlanRequest): ExportResult {
  const output = applyPrunePlan(d.messages, plan);
  const written = serializeTranscript(d.conversation, output);
  const base = d.fileName.replace(/\.(jsonl?|txt)$/i, '').replace(/[^\w.-]+/g, '-') || 'transcript';
  const bound = lane.budget ?? request.budget;
  const suffix = `${lane.strategy}-${bound.value}${bound.unit === 'tokens' ? 'tok' : 'msg'}`;
  return {
    text: written.text,
    fileName: `${base}.${suffix}.${written.fileExtension}`,
    mimeType: written.mimeType,
    format: written.format,
    messageCount: output.length,
    ...(written.note ? { note: written.note } : {}),
  };
}
