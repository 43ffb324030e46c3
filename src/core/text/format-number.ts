/** How `formatNumber` writes a number. */
export type NumberStyle =
  /** 12,345 (rounded to a whole number, thousands grouped). */
  | 'integer'
  /** A count at a glance: 950, 9.5k, 12k, 1.25M, 25.5M. */
  | 'compact'
  /** Dollars: $217,604 from $100 up, $12.34 from $1, $0.0123 below. */
  | 'usd'
  /** A unit price in dollars, as a price list writes it: $10, $1.25, $0.075 (up to 4 decimals, none trailing). */
  | 'price'
  /** A share (0.123) as a percentage: 12.3%. */
  | 'percent'
  /** A relative change (-0.4) signed: −40.0%, +5.0%, ±0.0%. */
  | 'change';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const MINUS = '\u2212';

/**
 * Every figure the inspector and the CLI write goes through here, so the same number reads the same everywhere:
 * thousands grouped, a unit prefix chosen after rounding (999,960 is "1M", not "1000k"), a true minus sign.
 * `digits` sets the decimals of `percent` and `change` (default 1). Not a number: "–".
 */
export function formatNumber(value: number, style: NumberStyle = 'integer', digits = 1): string {
  if (!Number.isFinite(value)) return '–';
  const sign = value < 0 ? MINUS : '';
  const abs = Math.abs(value);
  switch (style) {
    case 'integer':
      return `${Math.round(abs) === 0 ? '' : sign}${grouped.format(Math.round(abs))}`;
    case 'compact':
      return `${sign}${compact(abs)}`;
    case 'usd': {
      if (abs === 0) return '$0';
      const text = abs >= 99.995 ? grouped.format(Math.round(abs)) : abs >= 0.99995 ? abs.toFixed(2) : abs.toFixed(4);
      return `${sign}$${text}`;
    }
    case 'price': {
      const text = abs.toFixed(4).replace(/\.?0+$/, '');
      return `${Number(text) === 0 ? '' : sign}$${abs >= 1000 ? grouped.format(Number(text)) : text}`;
    }
    case 'percent':
      return `${sign}${(abs * 100).toFixed(digits)}%`;
    case 'change': {
      const text = (abs * 100).toFixed(digits);
      const zero = Number(text) === 0;
      return `${zero ? '±' : value < 0 ? MINUS : '+'}${text}%`;
    }
  }
}

function compact(abs: number): string {
  const whole = Math.round(abs);
  if (whole < 1000) return String(whole);
  // Round at the scale first, then pick the unit from the rounded value, so nothing reads "1000k".
  const thousands = abs / 1000;
  if (Number(thousands.toFixed(1)) < 10) return `${trim(thousands.toFixed(1))}k`;
  if (Math.round(thousands) < 1000) return `${Math.round(thousands)}k`;
  const millions = abs / 1e6;
  if (Number(millions.toFixed(2)) < 10) return `${trim(millions.toFixed(2))}M`;
  if (Number(millions.toFixed(1)) < 1000) return `${trim(millions.toFixed(1))}M`;
  return `${trim((abs / 1e9).toFixed(1))}B`;
}

function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}
