import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [12, '12'],
    [999, '999'],
    [999.6, '1k'],
    [1000, '1k'],
    [2648, '2.6k'],
    [9949, '9.9k'],
    [9960, '10k'],
    [65_130, '65k'],
    [999_499, '999k'],
    [999_600, '1M'],
    [1_250_000, '1.25M'],
    [25_539_200, '25.5M'],
    [999_960_000, '1B'],
    [-4200, '−4.2k'],
  ])('compact %d → %s', (value, text) => {
    expect(formatNumber(value, 'compact')).toBe(text);
  });

  it.each([
    [0, '0'],
    [217_604.4, '217,604'],
    [-3.2, '−3'],
    [-0.2, '0'],
  ])('integer %d → %s', (value, text) => {
    expect(formatNumber(value, 'integer')).toBe(text);
  });

  it.each([
    [0, '$0'],
    [217_604.2, '$217,604'],
    [100, '$100'],
    [99.999, '$100'],
    [12.345, '$12.35'],
    [0.01234, '$0.0123'],
    [-2.5, '−$2.50'],
  ])('usd %d → %s', (value, text) => {
    expect(formatNumber(value, 'usd')).toBe(text);
  });

  it.each([
    [10, '$10'],
    [1.25, '$1.25'],
    [0.13, '$0.13'],
    [0.075, '$0.075'],
    [0, '$0'],
    [15_000, '$15,000'],
  ])('price %d → %s', (value, text) => {
    expect(formatNumber(value, 'price')).toBe(text);
  });

  it('writes shares and signed changes with a true minus, and ±0 for no change', () => {
    expect(formatNumber(0.1234, 'percent')).toBe('12.3%');
    expect(formatNumber(0.5, 'percent', 0)).toBe('50%');
    expect(formatNumber(-0.4, 'change')).toBe('−40.0%');
    expect(formatNumber(0.05, 'change')).toBe('+5.0%');
    expect(formatNumber(0.00001, 'change')).toBe('±0.0%');
    expect(formatNumber(-0.00001, 'change')).toBe('±0.0%');
  });

  it('says nothing is there for what is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe('–');
    expect(formatNumber(Infinity, 'usd')).toBe('–');
  });
});
