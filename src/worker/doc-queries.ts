/** Requests about the open transcript that read it without changing it: search, a message's detail, explanations, export. */
import type { Doc } from './doc';
import type { ModelLanes } from './model-lanes';
import { exportText } from './export-text';
import { explanations } from './explain';
import { lanePlan, modelLaneRef } from './plan-lanes';
import { messageDetail, searchDoc } from './queries';
import type { WorkerRequest, WorkerResponse } from './protocol';

type DocQuery = Extract<WorkerRequest, { type: 'search' | 'detail' | 'explain' | 'export' }>;

/** Answers a query about `d`; throws for a lane it does not hold (the handler says so as an error). */
export function answerDocQuery(d: Doc, models: ModelLanes, request: DocQuery, send: (response: WorkerResponse) => void): void {
  switch (request.type) {
    case 'search':
      send({ type: 'search-result', id: request.id, docId: d.docId, query: request.query, matches: searchDoc(d, request.query) });
      return;
    case 'detail': {
      const result = messageDetail(d, request.index);
      if (result) send({ type: 'detail', id: request.id, docId: d.docId, detail: result });
      else send({ type: 'error', id: request.id, message: `No message ${request.index}.` });
      return;
    }
    case 'explain':
      send({ type: 'explained', id: request.id, docId: d.docId, index: request.index, explain: explanations(d, request.index) });
      return;
    case 'export': {
      const lane = request.plan.lanes.find((l) => l.id === request.laneId);
      if (!lane) throw new Error(`No lane ${request.laneId} to export.`);
      // What the lane shows is what is exported: the model's summaries where it has written them.
      const { plan } = models.apply(modelLaneRef(d, lane, lanePlan(d, lane, request.plan).plan));
      send({ type: 'exported', id: request.id, docId: d.docId, result: exportText(d, plan, lane, request.plan) });
      return;
    }
  }
}
