/**
 * Accessibility (WCAG 2.1 AA, by axe) of the timeline and the replay, light and dark, in the states a person meets:
 * nothing selected, a filter pop-up open, a message open; and the lane cells' reasons by keyboard, not only on hover.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, openApp, waitForExactCounts } from './support';

/** Rules the issue named: they must not fail at all, whatever their impact. */
const NAMED = ['color-contrast', 'scrollable-region-focusable', 'region', 'empty-table-header'];

// axe reads every node of the page: three runs of it on the timeline take their time on a shared machine.
test.describe.configure({ timeout: 180_000 });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the timeline has no serious or critical axe violation, nor any of the named rules (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openApp(page);
    await waitForExactCounts(page);
    // Nothing selected: the rows' scrolling region itself takes the keyboard.
    await expectAccessible(page, { rules: NAMED });
    // The Fates pop-up, with its counts.
    await page.getByRole('button', { name: 'Fates' }).click();
    await expect(page.getByRole('group', { name: 'Fates' })).toBeVisible();
    await expectAccessible(page, { rules: NAMED });
    await page.keyboard.press('Escape');
    // A message open in the details, a cell's reason shown.
    await page.locator('#row-3').dblclick();
    await expect(page.getByRole('heading', { name: /Message #3/ })).toBeVisible();
    await page.getByRole('grid', { name: 'Timeline' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectAccessible(page, { rules: NAMED });
    await context.close();
  });

  test(`the replay has no serious or critical axe violation, nor any of the named rules (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openApp(page);
    await page.getByRole('tab', { name: 'Replay' }).click();
    await expect(page.getByRole('row', { name: /^No pruning\b/ }).getByRole('cell').first()).toHaveText(/^\$\d/, { timeout: 30_000 });
    await expectAccessible(page, { rules: NAMED });
    await context.close();
  });
}

test("a lane cell's reason is reachable by keyboard: ←/→ walk the selected row's cells and say why", async ({ page }) => {
  await openApp(page);
  const grid = page.getByRole('grid', { name: 'Timeline' });
  await grid.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const row = page.locator('[role="row"][aria-selected="true"]');
  const index = Number(await row.getAttribute('data-index'));
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  for (const [presses, lane] of [
    [1, 0],
    [2, 2],
    [-1, 1],
  ] as const) {
    for (let i = 0; i < Math.abs(presses); i++) await page.keyboard.press(presses > 0 ? 'ArrowRight' : 'ArrowLeft');
    const cell = row.locator('[role="gridcell"][data-lane]').nth(lane);
    const title = await cell.getAttribute('title');
    expect(title).toMatch(/^(Sliding window|Summarize|Importance): (kept|dropped|summarized|masked)/);
    await expect(page.getByRole('tooltip')).toHaveText(title ?? '');
    // The grid points at the cell; the cell is described by the tooltip (for a screen reader).
    await expect(grid).toHaveAttribute('aria-activedescendant', `cell-${index}-${lane}`);
    await expect(cell).toHaveAttribute('aria-describedby', 'cell-tip');
  }
  // The lane stays as the selection moves; the reason follows the new row.
  await page.keyboard.press('j');
  const next = page.locator(`#row-${index + 1}`);
  await expect(grid).toHaveAttribute('aria-activedescendant', `cell-${index + 1}-1`);
  await expect(page.getByRole('tooltip')).toHaveText((await next.locator('[role="gridcell"][data-lane]').nth(1).getAttribute('title')) ?? '');
  // Escape, or ← past the first lane, goes back to the row.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(grid).toHaveAttribute('aria-activedescendant', `row-${index + 1}`);
});

test('the check fails where it should: faint text and an image without a name are reported', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>control</title></head><body><main><p style="color:#c8c8c8;background:#fff">faint</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
  );
  await expect(expectAccessible(page, { rules: NAMED })).rejects.toThrow(/color-contrast[\s\S]*image-alt|image-alt[\s\S]*color-contrast/);
});
