import { aiSdkFormat } from './ai-sdk/ai-sdk-format';
import { aiSdkUiFormat } from './ai-sdk-ui/ai-sdk-ui-format';
import { anthropicFormat } from './anthropic/anthropic-format';
import { claudeCodeFormat } from './claude-code/claude-code-format';
import { geminiCliFormat } from './gemini-cli/gemini-cli-format';
import { openAIChatFormat } from './openai-chat/openai-chat-format';
import { openAIResponsesFormat } from './openai-responses/openai-responses-format';
import { sweAgentFormat } from './swe-agent/swe-agent-format';
import { miniSweAgentFormat } from './mini-swe-agent/mini-swe-agent-format';
import { langChainFormat } from './langchain/langchain-format';
import { openHandsFormat } from './openhands/openhands-format';
import { otelGenAiFormat } from './otel-genai/otel-genai-format';

/**
 * Every transcript format prunescope reads and writes. Adding one is a folder beside these and a line here (see
 * README.md, "How to add a format"): `TranscriptFormat` and `Provider`, detection, parsing, export, validation, token
 * vocabularies, recorded usage, the inspector's labels and upload control, the CLI's `--format`/`--to` and its help,
 * and the README's list all read this list. Order matters only to break a tie in detection confidence and to list
 * the formats to people.
 */
export const FORMAT_REGISTRY = [
  anthropicFormat,
  claudeCodeFormat,
  openAIChatFormat,
  openAIResponsesFormat,
  sweAgentFormat,
  miniSweAgentFormat,
  langChainFormat,
  geminiCliFormat,
  openHandsFormat,
  aiSdkFormat,
  aiSdkUiFormat,
  otelGenAiFormat,
] as const;
