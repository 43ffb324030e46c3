/**
 * What the OpenAI Responses adapter takes: `ResponseInputItem` of the `openai` SDK (messages, function calls and
 * outputs, reasoning items, item references, …), named by the one field all have, optional on messages and item
 * references, so no `openai` types are needed. Types only.
 */
export interface ResponsesItemLike {
  type?: string | null;
}
