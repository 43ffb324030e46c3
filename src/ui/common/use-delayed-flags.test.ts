import { describe, expect, it } from 'vitest';
import { heldFlags } from './use-delayed-flags';

describe('heldFlags', () => {
  it('lets go of a lane that answered, so its next change waits again before it dims', () => {
    expect(heldFlags('110000', '000000')).toBe('000000');
    expect(heldFlags('110000', '010000')).toBe('010000');
  });

  it('keeps what still holds, and shows nothing new before its wait', () => {
    expect(heldFlags('110000', '111000')).toBe('110000');
    expect(heldFlags('', '110000')).toBe('000000');
  });
});
