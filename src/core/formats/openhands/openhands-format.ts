import { OPENAI_CHAT_FORMAT_ID } from '../openai-chat/id';
import { defineFormat } from '../define-format';
import { detectOpenHands } from './detect-openhands';
import { OPENHANDS_NEAR_MISSES } from './near-misses';
import { parseOpenHands } from './parse-openhands';
import { readOpenHandsTotal } from './read-openhands-total';
import { readOpenHandsUsage } from './read-openhands-usage';
import { serializeOpenHands } from './serialize-openhands';

/** OpenHands event streams: exported trajectories, `save_trajectory_path` files, evaluation outputs (`history`). */
export const openHandsFormat = defineFormat({
  id: 'openhands',
  name: 'OpenHands event stream',
  label: 'OpenHands events',
  extensions: ['.json', '.jsonl'],
  // OpenHands builds Chat Completions messages and sends them through LiteLLM, whichever model answers.
  provider: OPENAI_CHAT_FORMAT_ID,
  // Its recommended models, and the model of every real file at hand, are Claude's.
  encoding: 'claude',
  replayModel: 'anthropic/claude-sonnet-4.5',
  detect: detectOpenHands,
  parse: parseOpenHands,
  serialize: serializeOpenHands,
  recordedUsage: {
    read: (conversation) => readOpenHandsUsage(conversation),
    readTotal: (conversation) => readOpenHandsTotal(conversation),
    fromText: false,
  },
  nearMisses: OPENHANDS_NEAR_MISSES,
});
