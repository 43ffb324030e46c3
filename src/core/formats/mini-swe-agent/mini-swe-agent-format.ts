import { OPENAI_CHAT_FORMAT_ID } from '../openai-chat/id';
import { defineFormat } from '../define-format';
import { detectMiniSweAgent } from './detect-mini-swe-agent';
import { parseMiniSweAgent } from './parse-mini-swe-agent';
import { readMiniSweAgentTotal } from './read-mini-swe-agent-total';
import { readMiniSweAgentUsage } from './read-mini-swe-agent-usage';
import { serializeMiniSweAgent } from './serialize-mini-swe-agent';

/**
 * mini-SWE-agent trajectories (`.traj.json`): `{ info, messages, trajectory_format }`, Chat Completions messages (or
 * Responses items) with each request's usage and cost beside the reply, and the run's cost in `info.model_stats`.
 */
export const miniSweAgentFormat = defineFormat({
  id: 'mini-swe-agent',
  name: 'mini-SWE-agent trajectory (.traj.json)',
  label: 'mini-SWE-agent trajectory',
  extensions: ['.json'],
  provider: OPENAI_CHAT_FORMAT_ID,
  encoding: 'o200k_base',
  replayModel: 'openai/gpt-4o',
  detect: detectMiniSweAgent,
  parse: parseMiniSweAgent,
  serialize: serializeMiniSweAgent,
  recordedUsage: { read: readMiniSweAgentUsage, readTotal: readMiniSweAgentTotal, fromText: false },
});
