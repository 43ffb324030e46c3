/**
 * The minimap's colours along one lane: each pixel row of a strip `height` tall over `count` messages takes the fate
 * most of its messages have (the lowest fate on a tie), and neighbouring rows of one fate merge into one run, so a
 * lane is drawn with a rectangle per run instead of one per pixel row (thousands of canvas calls per plan at 100k).
 */
export interface FateRun {
  /** First pixel row of the run. */
  from: number;
  /** One past its last pixel row. */
  to: number;
  fate: number;
}

export function fateRuns(fates: ArrayLike<number>, count: number, height: number): FateRun[] {
  const runs: FateRun[] = [];
  const tally = new Int32Array(4);
  for (let y = 0; y < height; y++) {
    const from = Math.floor((y * count) / height);
    const to = Math.max(from + 1, Math.floor(((y + 1) * count) / height));
    tally.fill(0);
    for (let i = from; i < to && i < count; i++) tally[fates[i] as number]! += 1;
    let best = 0;
    for (let f = 1; f < 4; f++) if ((tally[f] as number) > (tally[best] as number)) best = f;
    const last = runs.at(-1);
    if (last && last.fate === best && last.to === y) last.to = y + 1;
    else runs.push({ from: y, to: y + 1, fate: best });
  }
  return runs;
}
