import type { NearMiss } from '../format-types';
import { isRecord } from '../is-record';

/** `{ trajectory: [{ thought, action, observation }] }` with no `history`: what other SWE-bench agents save. */
function isStepsOnly(input: Parameters<NearMiss['recognise']>[0]): boolean {
  if (typeof input === 'string' || input.kind !== 'document' || !isRecord(input.value)) return false;
  const { value } = input;
  if ('history' in value || !Array.isArray(value.trajectory) || value.trajectory.length === 0) return false;
  return value.trajectory.slice(0, 50).every((step) => isRecord(step) && ('action' in step || 'observation' in step));
}

/** Inputs prunescope does not read whose closest supported format is a SWE-agent trajectory. */
export const SWE_AGENT_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'trajectory of agent steps without a message history',
    phrase: 'a trajectory of agent steps without a message history',
    hint: 'steps alone do not say what the model was sent; SWE-agent keeps that in `history`, and a file with it reads as a SWE-agent trajectory',
    recognise: isStepsOnly,
  },
];
