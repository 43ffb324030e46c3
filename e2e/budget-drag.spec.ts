import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_LANE_LABELS as LABELS, lane, laneKept, openApp, waitForExactCounts } from './support';

/**
 * From here on, the page's own reads of layout (sizes, scroll positions, computed styles) are listed in
 * `window.__layoutReads`, each with the app's code that made it. Reads from outside the app's bundle (Playwright's
 * trace snapshots walk the page) are not counted.
 */
async function listLayoutReads(page: Page): Promise<void> {
  await page.evaluate(() => {
    const found: string[] = [];
    (window as unknown as { __layoutReads: string[] }).__layoutReads = found;
    const reads = {
      push(name: string) {
        const app = (new Error().stack ?? '').split('\n').find((line) => line.includes('/assets/'));
        if (app) found.push(`${name} ${app.trim()}`);
      },
    };
    const spy = (proto: object, name: string) => {
      const own = Object.getOwnPropertyDescriptor(proto, name);
      if (!own?.get) return;
      const get = own.get;
      Object.defineProperty(proto, name, {
        ...own,
        get(this: unknown) {
          reads.push(name);
          return get.call(this);
        },
      });
    };
    for (const name of ['clientHeight', 'clientWidth', 'scrollTop', 'scrollLeft', 'scrollHeight', 'scrollWidth']) spy(Element.prototype, name);
    for (const name of ['offsetHeight', 'offsetWidth', 'offsetTop', 'offsetLeft']) spy(HTMLElement.prototype, name);
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      reads.push('getBoundingClientRect');
      return rect.call(this);
    };
    const style = window.getComputedStyle.bind(window);
    window.getComputedStyle = (element: Element, pseudo?: string | null) => {
      reads.push('getComputedStyle');
      return style(element, pseudo);
    };
  });
}

/** How many messages each lane keeps (its counts line's "N kept"), by label. */
async function keptCounts(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const label of LABELS) {
    const text = (await lane(page, label).getByTestId('lane-counts').textContent()) ?? '';
    // laneKept reads a missing count as 0, which would pass "fewer than before": the line must say it.
    expect(text, label).toMatch(/[\d,]+ kept/);
    out[label] = laneKept(text);
  }
  return out;
}

test('dragging the budget updates every lane and the overview strip, and the page reads no layout meanwhile', async ({ page }) => {
  await openApp(page);
  await waitForExactCounts(page);
  const strip = page.getByTestId('minimap');
  // What the strip shows, or '' while it is blank.
  const drawn = () =>
    strip.evaluate((c: HTMLCanvasElement) => {
      const blank = document.createElement('canvas');
      blank.width = c.width;
      blank.height = c.height;
      const url = c.toDataURL();
      return url === blank.toDataURL() ? '' : url;
    });
  // The strip is drawn for the default budget, and every lane is ready for it.
  for (const label of LABELS) await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(drawn).not.toBe('');
  const before = await drawn();
  const keptBefore = await keptCounts(page);
  const box = page.getByRole('spinbutton', { name: 'Max tokens' });
  const start = Number(await box.inputValue());

  await listLayoutReads(page);
  // A drag: the slider's thumb held and moved to its left end, through several values.
  const slider = page.getByRole('slider', { name: 'Max tokens' });
  const area = await slider.boundingBox();
  if (!area) throw new Error('no slider');
  const y = area.y + area.height / 2;
  await page.mouse.move(area.x + area.width / 2, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(area.x + area.width / 2 - (step / 8) * (area.width / 2), y);
  await page.mouse.up();

  await expect.poll(async () => Number(await box.inputValue())).toBeLessThan(start / 4);
  for (const label of LABELS) await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  // Every lane shows its plan for the new budget: near none of it, each keeps fewer messages than before.
  const keptAfter = await keptCounts(page);
  for (const label of LABELS) expect(keptAfter[label], label).toBeLessThan(keptBefore[label] as number);
  // The strip shows the new plans: at a fraction of the budget, most of every lane is dropped.
  await expect.poll(drawn).not.toBe(before);
  // Nothing of the page measured the layout while the plans came in: each such read in the middle of a commit forces
  // the browser to lay the page out there and then (the longest main-thread cost of a drag at 50k messages).
  const reads = () => page.evaluate(() => (window as unknown as { __layoutReads: string[] }).__layoutReads);
  expect(await reads()).toEqual([]);
  // The spy is live: the next message selected (j) is scrolled into view, which reads the layout, and that is listed.
  await page.keyboard.press('j');
  await expect.poll(async () => (await reads()).length).toBeGreaterThan(0);
});
