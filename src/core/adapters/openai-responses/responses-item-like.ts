/**
 * What the OpenAI Responses adapter takes: `ResponseInputItem` of the `openai` SDK (messages, function calls and
 * outputs, reasoning items, item references, …), named by the one field all have, optional on messages and item
 * references, so no `openai` types are needed. Types only.
 */
export interface ResponsesItemLike {
  /** `message` (or absent), `function_call`, `function_call_output`, `reasoning`, `item_reference`, …. */
  type?: string | null;
}
