/**
 * Issue 17, items 2 and 10: the Replay view prices a model the table lacks by its family's nearest entry and says
 * which, takes prices typed by the user, groups the model list by provider with the file's model first, suggests a
 * budget when requests go over a small window, and says when a live trigger never fired.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fixturePath, openApp, upload } from './support';

const LANES = ['No pruning', 'Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor'];

function costCell(page: Page, label: string) {
  return page.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell').first();
}

async function openReplayOf(page: Page, name: string, buffer?: Buffer): Promise<void> {
  await openApp(page);
  await upload(page, name, buffer);
  await expect(page.getByTestId('file-name')).toHaveText(name, { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Replay' }).click();
}

async function everyLanePriced(page: Page): Promise<void> {
  for (const label of LANES) await expect(costCell(page, label)).toHaveText(/^\$\d/, { timeout: 30_000 });
}

test('a Codex rollout of gpt-5.5 replays at its family’s nearest entry, says which, and the model list starts with its provider', async ({ page }) => {
  await openReplayOf(page, 'codex-rollout-gpt-5.5.jsonl');
  await everyLanePriced(page);
  await expect(page.getByTestId('replay-priced-as')).toContainText('Priced as GPT-5: input $1.25, output $10');
  await expect(page.getByTestId('replay-priced-as')).toContainText('openai/gpt-5, the nearest entry to "gpt-5.5"');
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model.locator('option').first()).toHaveText("The file's model, gpt-5.5 (priced as GPT-5)");
  // Grouped by provider, the file's provider first.
  const groups = await model.locator('optgroup').evaluateAll((els) => els.map((el) => el.getAttribute('label')));
  expect(groups[0]).toBe('OpenAI');
  expect(groups).toContain('Anthropic');
  expect(new Set(groups).size).toBe(groups.length);
  // Another model prices the same requests differently.
  const before = await costCell(page, 'No pruning').textContent();
  await model.selectOption({ label: 'Claude Opus 4.1' });
  await expect(costCell(page, 'No pruning')).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(page.getByTestId('replay-priced-as')).toContainText('Priced as Claude Opus 4.1');
});

test('prices typed by the user replace the table’s, and a model the table does not know asks for them', async ({ page }) => {
  const unknown = Buffer.from(readFileSync(fixturePath('codex-rollout-gpt-5.5.jsonl'), 'utf8').replaceAll('"model":"gpt-5.5"', '"model":"in-house-7b"'));
  await openReplayOf(page, 'in-house-rollout.jsonl', unknown);
  await expect(page.getByTestId('replay-needs-prices')).toContainText('No prices for in-house-7b', { timeout: 30_000 });
  await expect(page.getByTestId('replay-needs-prices')).not.toContainText(/listModels|overrides|loadModelPrices/);
  await page.getByRole('textbox', { name: 'Input' }).fill('2');
  await page.getByRole('textbox', { name: 'Output' }).fill('8');
  await everyLanePriced(page);
  await expect(page.getByTestId('replay-priced-as')).toContainText('input $2, output $8, cache read $2, cache write $0 per million tokens (the prices you typed)');
  const typed = await costCell(page, 'No pruning').textContent();
  await page.getByRole('textbox', { name: 'Cache read' }).fill('0.2');
  await expect(costCell(page, 'No pruning')).not.toHaveText(typed ?? '', { timeout: 30_000 });
  expect(Number((await costCell(page, 'No pruning').textContent())?.replace(/[$,]/g, ''))).toBeLessThan(Number(typed?.replace(/[$,]/g, '')));
  // A price that is not a number is said so in words, and the last prices that were stay in use.
  const priced = await costCell(page, 'No pruning').textContent();
  await page.getByRole('textbox', { name: 'Cache read' }).fill('abc');
  await expect(page.getByRole('alert').filter({ hasText: 'Cache read: “abc” is not a price' })).toContainText('the replay keeps the last prices that were');
  await expect(page.getByRole('textbox', { name: 'Cache read' })).toHaveAttribute('aria-invalid', 'true');
  // Past the replay's settle delay (300 ms): had 'abc' reached the settings, the cost would have been priced again.
  await page.waitForTimeout(1_500);
  await expect(costCell(page, 'No pruning')).toHaveText(priced ?? '');
});

test('every price typed as 0 makes the bill 0, Claude Code’s 1-hour cache writes included (regression: they stayed at the table’s price)', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await everyLanePriced(page);
  await expect(page.getByTestId('replay-priced-as')).toContainText(/cache write \$[\d.]+ \(1-hour \$[\d.]+\)/);
  for (const name of ['Input', 'Output', 'Cache read', 'Cache write']) await page.getByRole('textbox', { name }).fill('0');
  await expect(page.getByTestId('replay-priced-as')).toContainText('cache write $0 (1-hour $0) per million tokens', { timeout: 30_000 });
  for (const label of LANES) await expect(costCell(page, label)).toHaveText(/^\$0(\.0+)?$/, { timeout: 30_000 });
});

test('a trigger the replay cannot take is said, kept on screen, and not replayed (regression: 150 % became 100, 0 went back in silence)', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await everyLanePriced(page);
  await page.getByRole('radio', { name: 'When' }).check();
  await everyLanePriced(page);
  const percent = page.getByRole('spinbutton', { name: 'Percent of the window' });
  await percent.fill('50');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Past the settle delay (300 ms) and the replay of 50 %.
  await page.waitForTimeout(1_500);
  await everyLanePriced(page);
  const priced = await costCell(page, 'Sliding window').textContent();
  await percent.fill('150');
  await expect(page.getByRole('alert').filter({ hasText: '“150” is not a whole percentage from 1 to 100: the replay keeps the last trigger that was.' })).toBeVisible();
  await expect(percent).toHaveValue('150');
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  await percent.fill('0');
  await expect(page.getByRole('alert').filter({ hasText: '“0” is not a whole percentage' })).toBeVisible();
  // Past the replay's settle delay: had a refused value reached the settings, the lanes would have been priced again.
  await page.waitForTimeout(1_500);
  await expect(costCell(page, 'Sliding window')).toHaveText(priced ?? '');
  await page.getByRole('combobox', { name: 'Trigger' }).selectOption('every');
  const every = page.getByRole('spinbutton', { name: 'Requests' });
  await every.fill('0');
  await expect(page.getByRole('alert').filter({ hasText: '“0” is not a whole number of requests, 1 or more' })).toBeVisible();
  await every.fill('5');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('over a small window the view suggests a budget that fits, and one click sets it', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await everyLanePriced(page);
  await page.getByRole('combobox', { name: 'Model' }).selectOption('alibaba/qwen-3-32b');
  const hint = page.getByTestId('replay-hint-window');
  await expect(hint).toContainText(/requests go over the 41k-token window/, { timeout: 30_000 });
  const overOf = async () => Number((await page.getByRole('row', { name: /^Sliding window\b/ }).getByRole('cell').nth(6).textContent())?.replace(/,/g, ''));
  const overBefore = await overOf();
  expect(overBefore).toBeGreaterThan(10);
  const button = hint.getByRole('button', { name: /^Set the budget to [\d.]+k tokens$/ });
  const wanted = Number(/([\d.]+)k/.exec((await button.textContent()) ?? '')?.[1]) * 1000;
  await button.click();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Max tokens' })).toHaveValue(String(wanted));
  await page.getByRole('tab', { name: 'Replay' }).click();
  // Sliding window now fits the window but where one message alone is larger than what the fixed part leaves.
  await expect.poll(overOf, { timeout: 30_000 }).toBeLessThan(overBefore / 5);
});

test('live, a trigger that never fires says so instead of a bare ±0.0%, with a way to make it fire', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await everyLanePriced(page);
  await page.getByRole('radio', { name: 'When', exact: true }).check();
  await page.getByLabel('Trigger').selectOption('tokens');
  await page.getByLabel('Tokens').fill('5000000');
  const hint = page.getByTestId('replay-hint-trigger');
  await expect(hint).toContainText('The trigger never fired: no request passes 5,000,000 tokens', { timeout: 30_000 });
  await expect(page.getByRole('row', { name: /^Sliding window\b/ }).getByRole('cell').nth(1)).toHaveText('±0.0% (never pruned)');
  await hint.getByRole('button', { name: /^Prune past/ }).click();
  await expect(hint).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: /^Sliding window\b/ }).getByRole('cell').nth(1)).not.toContainText('never pruned');
});
