import type { ReplayTrigger } from './types';

/** Whether a live agent prunes before request `request` (0-based), whose input would be `input` tokens. */
export function triggerFires(trigger: ReplayTrigger, request: number, input: number): boolean {
  switch (trigger.kind) {
    case 'tokens':
      return input > trigger.over;
    case 'fraction':
      return input > trigger.of * trigger.window;
    case 'every':
      return (request + 1) % trigger.requests === 0;
  }
}
