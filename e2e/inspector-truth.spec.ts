/**
 * Issue 17, items 4, 5, 7, 8, 9 and 12: what the inspector's figures and words say is true. The first paint says it
 * is an estimate, an image is counted from the start, a failed load leaves the counting of the transcript on screen
 * to finish, the recorded bill is a sum on the page, a lane says when the budget does not bind it, pins hold in every
 * lane, and the texts read right.
 */
import { expect, test, type Page } from '@playwright/test';
import { lane, openApp, SAMPLE, upload, useMessages } from './support';

const LANES = ['Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor'];

/** Holds the Claude vocabulary back, so the first paint's estimate stays on screen long enough to look at. */
async function slowVocabulary(page: Page, ms: number): Promise<void> {
  await page.context().route(/\/assets\/claude-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

function pngBase64(width: number, height: number): string {
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 6, 0, 0, 0]).toString('base64');
}

test('the first paint says it is an estimate; a file dropped while counting fails, and the counts of the sample still land', async ({ page }) => {
  await slowVocabulary(page, 2500);
  await page.goto('/');
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await expect(page.getByTestId('token-status')).toHaveText(/^estimate — counting/);
  await expect(page.getByTestId('budget-hint')).toContainText('by the estimate');
  await expect(page.getByTestId('budget-hint')).toHaveAttribute('title', 'The system prompt is sent apart. The default, half the transcript, moves to half the exact count when it comes.');
  await upload(page, 'notes.txt', Buffer.from('Just some notes, not a transcript.'));
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE);
  await expect(page.getByTestId('token-status')).toHaveText('counted with claude', { timeout: 30_000 });
  await expect(page.getByTestId('budget-hint')).not.toContainText('estimate');
  // Every lane planned again on the exact counts: none busy, each with a verdict.
  for (const label of LANES) {
    await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(lane(page, label).getByTestId('verdict')).toContainText(/API (accepts|rejects)/, { timeout: 30_000 });
  }
});

test('an image is counted by its size from the first paint, not 0 tokens until exact counts land', async ({ page }) => {
  // Slowed before the page asks for it: the sample's counting would otherwise fetch it first, and the chart would
  // open on exact counts at once.
  await slowVocabulary(page, 8000);
  await openApp(page);
  const transcript = JSON.stringify([
    { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngBase64(600, 450) } }, { type: 'text', text: 'What is in this chart?' }] },
    { role: 'assistant', content: 'Sales by month.' },
  ]);
  await upload(page, 'chart.json', Buffer.from(transcript));
  await expect(page.getByTestId('file-name')).toHaveText('chart.json');
  const tokens = page.locator('#row-0 .cell-chars');
  await expect(tokens).toHaveText(/^3\d\d tok$/);
  await expect(page.getByTestId('token-status')).toHaveText(/^estimate — counting/);
});

test('the recorded bill is a sum on the page: messages counted plus what the file does not hold', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('token-status')).toHaveText('counted with claude', { timeout: 20_000 });
  const sum = page.getByTestId('recorded-usage');
  const shape = /^last request ([\d,]+) = ([\d,]+) counted \+ ([\d,]+) not in the file$/;
  await expect(sum).toHaveText(shape);
  const [, recorded, counted, rest] = shape.exec((await sum.textContent()) ?? '') ?? [];
  const n = (s: string | undefined) => Number(s?.replace(/,/g, ''));
  expect(n(counted) + n(rest)).toBe(n(recorded));
  await expect(page.getByTestId('recorded-detail')).toHaveText(/^\(≈[\d,]+ system prompt and tools at first; [\d,]+ added later\)$/);
});

test('with a budget in messages, the lanes that bound tokens only say the budget does not apply, and why', async ({ page }) => {
  await openApp(page);
  await useMessages(page);
  await expect(lane(page, 'Observation masking').getByTestId('bound-note')).toHaveText('Not bound by messages: masking never drops one.');
  await expect(lane(page, 'Token budget').getByTestId('bound-note')).toHaveText('Not bound by messages; under its own 500k limit.');
  for (const label of ['Sliding window', 'Summarize', 'Importance', 'Governor']) await expect(lane(page, label).getByTestId('bound-note')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Budget unit' }).getByRole('radio', { name: 'tokens' }).click();
  await expect(page.getByTestId('bound-note')).toHaveCount(0);
});

test('a pinned message is kept in every lane, with its tool call or result', async ({ page }) => {
  await openApp(page);
  await useMessages(page);
  await page.getByRole('spinbutton', { name: 'Max messages' }).fill('10');
  // Message 2 is a tool result: pin it; its call (message 1) comes with it.
  await page.locator('#row-2').click();
  await page.keyboard.press('Shift+P');
  for (const label of LANES) {
    await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  }
  for (const row of [1, 2]) {
    const cells = page.locator(`#row-${row} [role="gridcell"][data-lane]`);
    await expect(cells).toHaveCount(LANES.length);
    for (let k = 0; k < LANES.length; k++) await expect(cells.nth(k)).toContainText('Kept', { timeout: 30_000 });
  }
});

test('numbers and words: repairs that made the input clean, the compaction banner as last sent', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('input-problems')).toHaveText(/· input clean after [\d,]+ repairs/, { timeout: 20_000 });
  await expect(page.locator('[data-boundary-row]').first()).toContainText(/the [\d,]+ earlier messages were no longer sent and are not shown \(Whole history shows them\)/);
  await page.getByRole('radio', { name: 'Whole history' }).click();
  await expect(page.locator('#row-0')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/are not shown \(Whole history shows them\)/)).toHaveCount(0);
});
