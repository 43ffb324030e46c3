import { describe, expect, it } from 'vitest';
import { splitRecordedInput } from './split-recorded-input';

describe('splitRecordedInput', () => {
  it('the recorded input is counted + fixed + later, the fixed part rounded and at most the rest', () => {
    expect(splitRecordedInput(106_060, 65_133.4, 26_405.6)).toEqual({ counted: 65_133, rest: 40_927, fixed: 26_406, later: 14_521 });
    expect(splitRecordedInput(1_000, 900, 5_000)).toEqual({ counted: 900, rest: 100, fixed: 100, later: 0 });
  });

  it('no fixed part when it is unknown or none, or when the count runs over the bill', () => {
    expect(splitRecordedInput(1_000, 900, undefined)).toEqual({ counted: 900, rest: 100, fixed: undefined, later: 0 });
    expect(splitRecordedInput(1_000, 900, 0)).toEqual({ counted: 900, rest: 100, fixed: undefined, later: 0 });
    expect(splitRecordedInput(1_000, 1_200, 300)).toEqual({ counted: 1_200, rest: -200, fixed: undefined, later: 0 });
  });
});
