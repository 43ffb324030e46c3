/**
 * The timeline's layout at the sizes people use (issue 17): lane cells under their headers at every width and with
 * any number of lanes, and room for the rows whatever else is open.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectRowFullyInView, openApp, upload, visibleRowCount } from './support';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const EIGHT_LANES = '#lanes=sliding-window,summarize,importance,observation-masking,token-budget,governor,sliding-window(),importance';

/** Header, column label and a row's cell of every lane: their left edges and widths, in px. */
async function laneColumns(page: Page): Promise<{ lane: string; header: number[]; label: number[]; cell: number[] }[]> {
  return page.evaluate(() => {
    const row = document.querySelector('[role="row"][data-index]');
    const labels = [...document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex="1"] [role="columnheader"][data-lane]')];
    return [...document.querySelectorAll<HTMLElement>('section[role="region"][data-lane]')].map((section, k) => {
      const id = section.dataset.lane ?? '';
      const edges = (el: Element | null | undefined) => {
        const r = el?.getBoundingClientRect();
        return r ? [Math.round(r.left * 10) / 10, Math.round(r.width * 10) / 10] : [];
      };
      return { lane: id, header: edges(section), label: edges(labels[k]), cell: edges(row?.querySelector(`[data-lane="${id}"]`)) };
    });
  });
}

async function expectAligned(page: Page, lanes: number): Promise<void> {
  await expect(page.locator('section[role="region"][data-lane]')).toHaveCount(lanes);
  const columns = await laneColumns(page);
  for (const { lane, header, label, cell } of columns) {
    expect(cell.length, `${lane} has a cell`).toBe(2);
    expect(Math.abs((cell[0] ?? 0) - (header[0] ?? 0)), `${lane}: cell left ${cell[0]} vs header left ${header[0]}`).toBeLessThanOrEqual(1);
    expect(Math.abs((cell[1] ?? 0) - (header[1] ?? 0)), `${lane}: cell width ${cell[1]} vs header width ${header[1]}`).toBeLessThanOrEqual(1);
    expect(Math.abs((label[0] ?? 0) - (cell[0] ?? 0)), `${lane}: column label left ${label[0]} vs cell left ${cell[0]}`).toBeLessThanOrEqual(1);
  }
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} each lane's cells sit exactly under its header, with six lanes and with eight`, async ({ page }) => {
    await page.setViewportSize(size);
    await openApp(page);
    await expectAligned(page, 6);
    // `6` focuses the sixth lane: its header and its cells are the same column.
    await page.getByRole('grid', { name: 'Timeline' }).focus();
    await page.keyboard.press('6');
    const sixth = page.locator('section[role="region"][data-lane]').nth(5);
    await expect(sixth.getByRole('heading').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    const header = await sixth.boundingBox();
    const focusCell = await page.locator('[role="row"][data-index] .is-focus').first().boundingBox();
    expect(Math.abs((focusCell?.x ?? 0) - (header?.x ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs((focusCell?.width ?? 0) - (header?.width ?? 0))).toBeLessThanOrEqual(1);

    await openApp(page, EIGHT_LANES);
    await expectAligned(page, 8);
    // Past what fits, the timeline scrolls sideways and the headers follow: the last lane can be reached, aligned.
    const grid = page.getByRole('grid', { name: 'Timeline' });
    await grid.evaluate((el) => {
      const scroller = [el, ...el.querySelectorAll<HTMLElement>('*')].find((e) => /(auto|scroll)/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth);
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    });
    const last = page.locator('[role="row"][data-index]').first().locator('[data-lane]').last();
    await expect.poll(async () => ((await last.boundingBox())?.x ?? 1e9) + ((await last.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(size.width);
    await expectAligned(page, 8);
  });
}

test('at 1024×768 the timeline shows at least 8 whole rows, 12 at 1280×800; opening a message keeps it in view', async ({ page }) => {
  for (const { width, height, rows } of [
    { width: 1024, height: 768, rows: 8 },
    { width: 1280, height: 800, rows: 12 },
  ]) {
    await page.setViewportSize({ width, height });
    await openApp(page);
    await expect(page.getByTestId('token-status')).toHaveText(/counted with/, { timeout: 20_000 });
    await expect.poll(() => visibleRowCount(page), { message: `rows at ${width}×${height}` }).toBeGreaterThanOrEqual(rows);
    // A message further down, opened: it stays in view and the rows keep their room.
    await page.locator('#row-2').click();
    for (let i = 0; i < 14; i++) await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Message #16/ })).toBeFocused();
    await expectRowFullyInView(page, 16);
    expect(await visibleRowCount(page), `rows with details open at ${width}×${height}`).toBeGreaterThanOrEqual(rows);
  }
});

test('a file with a system prompt keeps the rows their room; the facts fold away for more', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  await upload(page, 'tau-bench-gpt-4o-airline.json');
  await expect(page.getByTestId('system-prompt-line')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => visibleRowCount(page)).toBeGreaterThanOrEqual(8);
  const before = await visibleRowCount(page);
  const facts = page.getByRole('button', { name: 'Transcript facts' });
  await expect(facts).toHaveAttribute('aria-expanded', 'true');
  await facts.click();
  await expect(facts).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Tool calls', { exact: true })).toBeHidden();
  await expect.poll(() => visibleRowCount(page)).toBeGreaterThan(before);
  // Remembered.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Transcript facts' })).toHaveAttribute('aria-expanded', 'false', { timeout: 20_000 });
});

test('the timeline stays where it is from the first paint through the verdicts and the exact counts, at 1024, 1280 and 1440 px', async ({ page }) => {
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    // The vocabulary is held back, so the page is seen as it is while it counts, then let go.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/claude-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page);
    const strip = page.getByTestId('minimap');
    // At the first paint: every lane planned (a small file's slow lanes too), the verdicts and the counts still to come.
    const before = (await strip.boundingBox())?.y;
    await expect(page.getByTestId('token-status')).toHaveText(/^estimate — counting/);
    // The recorded line's place is held while it is counted.
    await expect(page.getByTestId('usage-pending')).toHaveText('counting…');
    // The verdicts (and the input's, in the facts) land before the counts: nothing moves either.
    await expect(page.getByTestId('input-problems')).toBeVisible({ timeout: 20_000 });
    expect((await strip.boundingBox())?.y, `the strip after the verdicts at ${width} px`).toBeCloseTo(before ?? 0, 0);
    release();
    await expect(page.getByTestId('token-status')).toHaveText(/counted with/, { timeout: 20_000 });
    await expect(page.getByTestId('recorded-usage')).toContainText(/[\d,]+ counted/);
    await expect(page.getByTestId('usage-pending')).toHaveCount(0);
    // The default budget moved with the counts, and a screen reader is told so.
    await expect(page.getByTestId('announcer')).toContainText(/Exact counts in: the budget is now [\d,]+ tokens/);
    const after = (await strip.boundingBox())?.y;
    expect(before, `the strip at ${width} px`).toBeDefined();
    expect(Math.abs((after ?? 0) - (before ?? 0)), `the strip moved from ${before} to ${after} px at ${width} px`).toBeLessThanOrEqual(1.5);
    await page.unrouteAll();
  }
});
