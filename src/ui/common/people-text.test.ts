import { describe, expect, it } from 'vitest';
import { peopleText } from './people-text';

describe('peopleText', () => {
  it('drops the function names an error starts with, and starts with a capital', () => {
    expect(peopleText('pruneMessages: maxTurns must be a number, got x')).toBe('MaxTurns must be a number, got x');
    expect(peopleText('loadModelPrices(): no prices for "x"')).toBe('No prices for "x"');
    expect(peopleText('replay: planGovernor: pinned[0] must be a message index')).toBe('Pinned[0] must be a message index');
  });
  it('leaves a sentence alone', () => {
    expect(peopleText('The replay worker stopped')).toBe('The replay worker stopped');
    expect(peopleText('line 3, column 4: Unexpected token')).toBe('Line 3, column 4: Unexpected token');
  });
});
