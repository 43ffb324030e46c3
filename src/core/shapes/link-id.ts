/**
 * Ids of the pairs an adapter adds to its view so the core keeps two items together that no tool id links (an AI
 * SDK approval request and its response, an OpenAI MCP approval and its answer, a legacy `function_call` and its
 * `function` message). The NUL prefix cannot occur in an id an API issued, so they never meet a real call.
 */
export const LINK_PREFIX = '\u0000prunescope-link:';
