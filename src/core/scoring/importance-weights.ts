/** Seed 002 §5's weights, in one place for the score and its breakdown (the Python port keeps its own copy). */
export const RECENCY_WEIGHT = 0.5;
export const TOOL_BONUS = 0.3;
export const LENGTH_DIVISOR = 5000;
export const LENGTH_CAP = 0.2;
