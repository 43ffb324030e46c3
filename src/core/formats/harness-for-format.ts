import type { AgentHarness } from './format-types';
import { FORMAT_REGISTRY } from './registry';

/**
 * The agent harness that writes `format` (`FormatDefinition.harness`), for a replay of its requests; `undefined` for a
 * format no harness writes, and for an id that is not registered (a hand-made conversation is replayed as plain API
 * requests, not refused).
 */
export function harnessForFormat(format: unknown): AgentHarness | undefined {
  return FORMAT_REGISTRY.find((definition) => definition.id === format)?.harness;
}
