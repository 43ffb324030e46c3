import type { ImageTokenLimits, MessageFraming } from './types';

/**
 * The Claude 2 vocabulary (the only Claude one published) undercounts Claude 3 and later models. Fitted together with
 * the tool framing below on the Claude Code fixtures (Opus 4.6 and Sonnet 4.5), the scale is 1.09; `ai-tokenizer`
 * uses 1.1 for every Claude model. It is an average: prose needs less than code (Sonnet 4.5's long markdown answers
 * in the codemie session come out about 5% high, the spotter session's code and shell output within 1%).
 */
export const CLAUDE_CONTENT_SCALE = 1.09;

/**
 * Measured, not guessed, where the data can tell: between two consecutive requests of a Claude Code session the
 * recorded input grows by exactly the messages added in between, so fitting that growth against our content counts
 * (144 request pairs in the four Claude Code fixtures, least absolute relative error, the content scale fitted
 * jointly) gives the framing. A tool round trip (one `tool_use` and its `tool_result`) costs 78 tokens beyond its
 * name, input JSON and output; text and thinking blocks come out within ±2 of 0. Those pairs always add one
 * assistant and one user message, so the per-message part cannot be told apart from the tool part: it is taken from
 * `ai-tokenizer`'s table (2 + the role name, so 3), and the data fixes only the sum, split evenly between call and
 * result. Server tools, images and the system prompt are in no recorded fixture: server tools are assumed to frame
 * like client tools, images to add nothing beyond their pixel cost, and the system prompt to cost `ai-tokenizer`'s
 * per-request overhead (6).
 *
 * With these figures the median ratio of counted to recorded growth is 0.99 over those pairs (0.93–1.05 between the
 * quartiles); see `compare-with-recorded-usage.real-data.test.ts`.
 */
export const ANTHROPIC_FRAMING: MessageFraming = Object.freeze({
  perMessage: 3,
  text: 0,
  thinking: 0,
  redactedThinking: 0,
  toolUse: 39,
  toolResult: 39,
  serverToolUse: 39,
  serverToolResult: 39,
  image: 0,
  other: 0,
  system: 6,
});

/**
 * Measured the same way on the Codex rollout (gpt-5-codex, o200k_base; 124 request pairs within a turn, the turn's
 * hidden reasoning added from the recorded reasoning tokens). Seven pairs have no reasoning item: each adds 18 tokens
 * beyond the call's name, arguments and output, which with OpenAI's published 3 tokens a message (its cookbook; the
 * pairs cannot tell it apart) leaves 12 for the call and its output. The pairs with a reasoning item add 11 more: the
 * reasoning item's own framing (its text is encrypted; the summary is what is counted). The system prompt is one
 * more message. Median ratio 1.000 (0.97–1.03 between the quartiles).
 */
export const OPENAI_FRAMING: MessageFraming = Object.freeze({
  perMessage: 3,
  text: 0,
  thinking: 11,
  redactedThinking: 11,
  toolUse: 6,
  toolResult: 6,
  serverToolUse: 6,
  serverToolResult: 6,
  image: 0,
  other: 0,
  system: 3,
});

/**
 * Anthropic's vision docs (https://platform.claude.com/docs/en/build-with-claude/vision, "Evaluate image size"): an
 * image costs about width × height / 750 tokens, and one whose long edge is over 1568 pixels or that would cost more
 * than about 1,600 tokens is first scaled down, aspect ratio kept (their table: 1092 × 1092 px ≈ 1,590 tokens, the
 * largest square not resized). A newer version of the page counts 28 × 28-pixel patches instead (⌈width / 28⌉ ×
 * ⌈height / 28⌉, within 5% of the rule here) and gives Claude Opus 4.7 a 2576-pixel long edge: a caller counting
 * for such a model passes its own limits.
 */
export const ANTHROPIC_IMAGE_LIMITS: ImageTokenLimits = Object.freeze({ maxEdge: 1568, maxTokens: 1600, pixelsPerToken: 750 });
