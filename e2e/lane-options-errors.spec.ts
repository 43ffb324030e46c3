/**
 * A lane's options form says what is wrong with a value, at its field, and adds or changes nothing until it is put
 * right (a user trial: "Keep recent -5" became "keep recent 0" without a word, and a governor with the weights
 * "priority=banana" was applied and then showed "…" in every cell for ever).
 */
import { expect, test } from '@playwright/test';
import { lane, laneRegions, openAddLane, openApp } from './support';

test('Add lane refuses a whole number out of its range at its field, and adds the lane once it is put right', async ({ page }) => {
  await openApp(page);
  const before = await laneRegions(page).count();
  const panel = await openAddLane(page);
  await panel.getByLabel('Strategy').selectOption({ label: 'Observation masking' });
  const keep = panel.getByLabel('Keep recent');
  await keep.fill('-5');
  await keep.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('Keep recent takes a whole number from 0 to 100,000; "-5" is not one.');
  await expect(keep).toHaveAttribute('aria-invalid', 'true');
  await expect(keep).toBeFocused();
  await expect(keep).toHaveValue('-5');
  await expect(laneRegions(page)).toHaveCount(before);
  // Typing again takes the old message away: it no longer says what the field holds (it said "-5" over 100001).
  await keep.fill('100001');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await keep.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('Keep recent takes a whole number from 0 to 100,000; "100001" is not one.');

  await keep.fill('3');
  await keep.press('Enter');
  await expect(panel).toBeHidden();
  await expect(laneRegions(page)).toHaveCount(before + 1);
  await expect(lane(page, 'Observation masking 2').getByTestId('lane-options')).toContainText('keep recent 3');
});

test("a lane's Options… refuses weights the governor cannot read, in the governor's own words, and applies them once they are numbers", async ({ page }) => {
  await openApp(page);
  const governor = lane(page, 'Governor');
  await governor.getByRole('button', { name: 'Governor lane: options, export, order' }).click();
  const menu = page.getByRole('group', { name: 'Governor lane' });
  await menu.getByRole('button', { name: 'Options…' }).click();
  const weights = menu.getByLabel('Weights', { exact: true });
  await weights.fill('priority=banana');
  await menu.getByRole('button', { name: 'Apply' }).click();
  await expect(menu.getByRole('alert')).toContainText('weights.priority must be a number from 0 up, got "banana"');
  await expect(weights).toBeFocused();
  await expect(governor.getByTestId('lane-options')).toHaveCount(0);

  await weights.fill('priority=0.5');
  await weights.press('Enter');
  await expect(menu).toBeHidden();
  await expect(governor.getByTestId('lane-options')).toContainText('priority=0.5');
  // The lane plans with them: its cells say a fate, not "…".
  await expect(page.locator('#row-3 [role="gridcell"][data-strategy="governor"]')).toHaveAttribute('data-fate', /kept|dropped|summarized/);
});
