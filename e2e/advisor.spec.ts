/**
 * The Advisor view (issue 22): a person opens it on the sample, runs the sweep, reads the recommendation and its
 * reason, points at the frontier and adds a setting as a lane, by mouse on the chart and by keyboard from the table.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openApp } from './support';

const lanes = (page: Page) => page.locator('section[role="region"][data-lane]');

const windowOf = (option: string): number => Number(/\(([\d,]+)\)$/.exec(option)?.[1]?.replace(/,/g, '') ?? Infinity);

/** Opens the sample, runs the Advisor; the lanes the timeline had. */
async function runAdvisor(page: Page): Promise<number> {
  await openApp(page);
  const before = await lanes(page).count();
  expect(before).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Advisor' }).click();
  await expect(page.getByRole('tab', { name: 'Advisor', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Run the advisor' }).click();
  await expect(page.getByRole('heading', { name: 'Recommendation' })).toBeVisible({ timeout: 45_000 });
  return before;
}

/** Moves the pointer over the chart until it is on a point (its tooltip shows), as a person looks for one. */
async function pointAtSomePoint(page: Page): Promise<string> {
  const chart = page.getByTestId('advisor-chart').locator('.u-over');
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not drawn');
  const tooltip = page.getByRole('tooltip');
  // The frontier runs along the lower left: look there first, column by column from the bottom.
  for (let x = box.x + 4; x < box.x + box.width; x += 12) {
    for (let y = box.y + box.height - 4; y > box.y; y -= 12) {
      await page.mouse.move(x, y);
      if (await tooltip.isVisible()) {
        const text = (await tooltip.textContent()) ?? '';
        if (/On the frontier/.test(text) && !/The baseline/.test(text)) return text;
      }
    }
  }
  throw new Error('no point in the chart');
}

test('the Advisor sweeps the sample, says what to run and why, and a point of its frontier becomes a lane', async ({ page }) => {
  const before = await runAdvisor(page);
  await expect(page.getByTestId('advisor-reason')).toContainText(/the cheapest of the \d+ settings/);
  await expect(page.getByText(/settings? of \d+ meet the constraints/)).toBeVisible();
  const frontier = page.getByRole('table', { name: /^The frontier/ });
  await expect(frontier.getByRole('row', { name: /recommended/ })).toHaveCount(1);
  await expect(page.getByTestId('advisor-chart').locator('canvas')).toHaveCount(1);
  await expectAccessible(page, { include: 'section[aria-label="Advisor"]' });

  // Hovering a point shows its setting; clicking it adds the setting as a lane and shows the timeline.
  const tip = await pointAtSomePoint(page);
  expect(tip).toMatch(/^Setting.+Pruned.+Cost\$[\d.]+.+Loss[\d.]+% of \d+ probes/);
  const name = /Setting(.+?)Pruned/.exec(tip)?.[1] ?? '';
  const strategyLabel = name.split(' · ')[0] ?? '';
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
  await expect(lanes(page)).toHaveCount(before + 1);
  await expect(lanes(page).last()).toHaveAccessibleName(new RegExp(`^${strategyLabel}`));
});

test('by keyboard: a row of the frontier table adds its setting with Enter; constraints change the answer', async ({ page }) => {
  const before = await runAdvisor(page);
  const reason = page.getByTestId('advisor-reason');
  const first = (await reason.textContent()) ?? '';
  // Every error kept and at most 0% more than no pruning: a stricter question, another answer or none.
  await page.getByRole('checkbox', { name: 'errors' }).check();
  await page.getByRole('spinbutton', { name: /% more than no pruning/ }).fill('0');
  await expect(reason).toContainText(/keeps every error/);
  await expect(reason).not.toHaveText(first);

  // Stay under the window of the model with the smallest one: the reason names that window.
  const models = page.getByRole('combobox', { name: 'or the window of' });
  const options = (await models.locator('option').allTextContents()).filter((t) => /\(\d/.test(t));
  const smallest = options.sort((a, b) => windowOf(a) - windowOf(b))[0] ?? '';
  await models.selectOption({ label: smallest });
  await expect(reason).toContainText(new RegExp(`over ${/\(([\d,]+)\)$/.exec(smallest)?.[1]} tokens`));
  await expect(page.getByRole('spinbutton', { name: /No request over/ })).toHaveValue(String(windowOf(smallest)));

  await page.getByRole('checkbox', { name: 'Show the dominated settings too' }).check();
  const table = page.getByRole('table', { name: /^Every setting/ });
  await expect(table.getByRole('row', { name: /dominated/ }).first()).toBeVisible();

  const add = table.getByRole('button', { name: /^Add .* as a lane$/ }).first();
  const label = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '').split(' · ')[0] ?? '';
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
  await expect(lanes(page)).toHaveCount(before + 1);
  await expect(lanes(page).last()).toHaveAccessibleName(new RegExp(`^${label.replace(/,.*/, '')}`));
  // The key `a` opens the Advisor again, its answer still there.
  await page.getByRole('grid', { name: 'Timeline' }).focus();
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: /recommendation/i })).toBeVisible();
});

test('a sweep under way shows its progress, stops when asked, and leaves the timeline free', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('a');
  await expect(page.getByRole('tab', { name: 'Advisor', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Run the advisor' }).click();
  await expect(page.getByRole('progressbar', { name: 'Sweep progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Run the advisor' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sweep progress' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recommendation' })).toHaveCount(0);

  // Again, and meanwhile the timeline answers: the sweep runs in its own worker.
  await page.getByRole('button', { name: 'Run the advisor' }).click();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('grid', { name: 'Timeline' }).focus();
  await page.keyboard.press('j');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Advisor' }).click();
  await expect(page.getByRole('heading', { name: 'Recommendation' })).toBeVisible({ timeout: 45_000 });
});
