import type { ForeignShape } from './foreign-shape';

type Ecosystem = ForeignShape['ecosystem'];

/** Part types only one API has, each with that API: one look-up per part (this runs on every part an entry point checks). */
export const PART_ECOSYSTEM: ReadonlyMap<string, Ecosystem> = new Map<string, Ecosystem>([
  ...['tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response', 'reasoning', 'reasoning-file'].map((t) => [t, 'model-messages'] as const),
  ...['image_url', 'input_audio', 'refusal'].map((t) => [t, 'chat-completions'] as const),
  ...['input_text', 'output_text', 'input_image', 'input_file', 'summary_text'].map((t) => [t, 'responses-input'] as const),
  ...['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use'].map((t) => [t, 'anthropic-messages'] as const),
]);
