import { OPENAI_CHAT_FORMAT_ID } from '../openai-chat/id';
import { defineFormat } from '../define-format';
import { detectSweAgent } from './detect-swe-agent';
import { SWE_AGENT_NEAR_MISSES } from './near-misses';
import { parseSweAgent } from './parse-swe-agent';
import { readSweAgentTotal } from './read-swe-agent-total';
import { serializeSweAgent } from './serialize-swe-agent';

/**
 * SWE-agent trajectories (`.traj`): `{ history, trajectory, info }`, function-calling or the older thought/action
 * text, sent to the model as Chat Completions messages. The run's cost is recorded as a total only.
 */
export const sweAgentFormat = defineFormat({
  id: 'swe-agent',
  name: 'SWE-agent trajectory (.traj)',
  label: 'SWE-agent trajectory',
  extensions: ['.traj'],
  provider: OPENAI_CHAT_FORMAT_ID,
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  detect: detectSweAgent,
  parse: parseSweAgent,
  serialize: serializeSweAgent,
  recordedUsage: { read: () => [], readTotal: readSweAgentTotal, fromText: false },
  nearMisses: SWE_AGENT_NEAR_MISSES,
});
