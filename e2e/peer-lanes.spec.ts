/**
 * A peer lane (a simulation of another system's context manager): not opened on first load, added from "Add lane"
 * with its own options, and its header says what it simulates exactly and what it approximates.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_LANE_LABELS, addLane, lane, laneRegions, openAddLane, openApp } from './support';

test('a person adds the SWE-agent lane from Add lane and reads what it simulates', async ({ page }) => {
  await openApp(page);
  await expect(laneRegions(page)).toHaveCount(DEFAULT_LANE_LABELS.length);
  await expect(page.locator('section[data-strategy="swe-agent-last-n"]')).toHaveCount(0);

  const panel = await openAddLane(page);
  await panel.getByLabel('Strategy').selectOption({ label: 'SWE-agent: last n observations' });
  await expect(panel).toContainText('Exact: which observations are elided');
  await panel.getByRole('spinbutton', { name: /^Last n/ }).fill('2');
  await panel.getByRole('button', { name: 'Add lane' }).click();

  const added = lane(page, 'SWE-agent: last n observations');
  await expect(added).toBeVisible();
  await expect(added.getByTestId('lane-fidelity')).toContainText('Approximated:');
  await expect(added.getByTestId('lane-options')).toContainText('2');
  await expect(added.getByTestId('lane-headline')).toContainText('observations');
  // It runs on its own settings, not the budget on screen, and says so.
  await expect(added.getByTestId('bound-note')).toHaveText('Not bound by the budget: it runs on its own settings.');
});

test('at eight lanes, Add lane still opens and says why no more can be added', async ({ page }) => {
  await openApp(page);
  await addLane(page, 'SWE-agent: last n observations');
  await addLane(page, 'Codex: compact');
  await expect(laneRegions(page)).toHaveCount(8);
  const panel = await openAddLane(page);
  await expect(panel).toContainText('At most 8 lanes: remove one from its ⋯ menu to add another.');
  await expect(panel.getByLabel('Strategy')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
