/**
 * The Replay view (issue 12): the agent's requests again under each lane, priced with prompt caching; its charts,
 * the table that is their text alternative, the recorded bill, live mode, and the way back to the timeline. And the
 * overview strip beside the timeline.
 */
import { chromium, expect, test, type Page } from '@playwright/test';
import { openApp } from './support';

const LANE_LABELS = ['Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor'];

async function openReplay(page: Page): Promise<void> {
  await openApp(page);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  // Every lane priced: a dollar figure in its row.
  for (const label of ['No pruning', ...LANE_LABELS]) {
    await expect(page.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell').first()).toHaveText(/^\$\d/, { timeout: 30_000 });
  }
}

async function costOf(page: Page, label: string): Promise<string> {
  return (await page.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell').first().textContent()) ?? '';
}

test('the Replay tab prices every lane against no pruning, beside the bill the file recorded', async ({ page }) => {
  await openReplay(page);
  await expect(page.getByText('No pruning against the recorded bill')).toBeVisible();
  await expect(page.getByText(/per-request input error median \d/)).toBeVisible();
  // Three charts, drawn; their legend names every lane and the window.
  await expect(page.locator('.replay-chart canvas')).toHaveCount(3);
  const legend = page.getByRole('list', { name: 'Lanes in the charts' });
  for (const label of LANE_LABELS) await expect(legend).toContainText(label);
  await expect(legend).toContainText('Context window');
  // The view is in the URL: a reload opens the replay again.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('panel=replay');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Replay', selected: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Governor\b/ }).getByRole('cell').first()).toHaveText(/^\$\d/, { timeout: 30_000 });
});

test('live mode replays again, pruning only when the trigger fires; r goes back to the timeline', async ({ page }) => {
  await openReplay(page);
  const stateless = await costOf(page, 'Sliding window');
  await page.getByRole('radio', { name: 'When', exact: true }).check();
  await page.getByLabel('Trigger').selectOption('every');
  await page.getByLabel('Requests').fill('20');
  await expect.poll(() => costOf(page, 'Sliding window'), { timeout: 30_000 }).not.toBe(stateless);
  await expect(page.getByRole('row', { name: /^Governor\b/ }).getByRole('cell').first()).toHaveText(/^\$\d/, { timeout: 30_000 });
  // Not while typing in the field: from the page.
  await page.getByText('Totals per lane').click();
  await page.keyboard.press('r');
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeVisible();
});

test('pointing at a chart shows that request for every lane; a click opens its message in the timeline', async ({ page }) => {
  await openReplay(page);
  const over = page.locator('.replay-chart .u-over').first();
  const box = await over.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  const readout = page.getByRole('button', { name: /^Request \d+ of \d+: message #\d+$/ });
  await expect(readout).toBeVisible();
  const message = Number(/#(\d+)/.exec((await readout.textContent()) ?? '')?.[1]);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeVisible();
  await expect(page.locator(`#row-${message}`)).toHaveAttribute('aria-selected', 'true');
});

test('the overview strip beside the timeline goes where it is clicked', async ({ page }) => {
  await openApp(page);
  const strip = page.getByTestId('minimap');
  await expect(strip).toBeVisible();
  // The outline of the part in view starts at the top, and follows the timeline to where the click took it. Both
  // boxes read each time: the panel above the timeline may still change height after the first paint (a recorded
  // line held for the counts goes when the file's records do not line up), moving the strip.
  const outline = page.getByTestId('minimap-view');
  const outlineTop = async () => ((await outline.boundingBox())?.y ?? NaN) - ((await strip.boundingBox())?.y ?? NaN);
  // Polled: the outline follows the scroll area's scroll events, a frame after a scroll the page makes on load.
  await expect.poll(outlineTop).toBeLessThan(2);
  const box = await strip.boundingBox();
  if (!box) throw new Error('no strip');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 2);
  const count = Number((await page.getByTestId('doc-stats').textContent())?.match(/([\d,]+) messages/)?.[1]?.replace(/,/g, ''));
  // The last pixel row is the end of the transcript.
  await expect(page.locator('[role="row"][aria-selected="true"]').first()).toHaveAttribute('id', new RegExp(`^row-(${count - 1}|${count - 2}|${count - 3})$`));
  await expect.poll(outlineTop).toBeGreaterThan(box.height / 2);
});

test('the overview strip is drawn at its own height when the timeline scrolls sideways', async ({ baseURL: _baseURL }, testInfo) => {
  // Playwright hides scrollbars; a person's browser shows them, and the one under the timeline is what the strip
  // beside it stretched past.
  const browser = await chromium.launch({ ...testInfo.project.use.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
  const page = await browser.newPage({ viewport: { width: 860, height: 768 } });
  await openApp(page);
  const timeline = page.getByRole('grid', { name: 'Timeline' });
  const scrollbarHeight = () => timeline.evaluate((el) => (el.scrollWidth > el.clientWidth ? (el as HTMLElement).offsetHeight - el.clientHeight : 0));
  expect(await scrollbarHeight()).toBeGreaterThan(0);
  const strip = page.getByTestId('minimap');
  // The drawing's height in CSS pixels against the strip's box: drawn at the scroll area's inner height, it was
  // shorter by the scrollbar, so every lane's colours were stretched down the strip.
  const mismatch = () => strip.evaluate((c: HTMLCanvasElement) => Math.abs(c.height / devicePixelRatio - c.clientHeight));
  await expect.poll(mismatch).toBeLessThan(1);
  await browser.close();
});

// The Replay view's axe checks, light and dark, are in a11y.spec.ts.

test('no pruning is held to the recorded bill: each figure against its target, why the input misses, every request with its cache rule', async ({ page }) => {
  await openReplay(page);
  const figures = page.getByRole('list', { name: 'No pruning against the recorded bill, against the targets' });
  // The sample (Claude Code, spotter, from its compaction on): its hook output and reminders are not in the file, so
  // the input misses its target, and the page says why.
  await expect(figures.getByRole('listitem').filter({ hasText: 'Input' })).toContainText(/−\d+\.\d%\s*outside ±2%/);
  await expect(figures.getByRole('listitem').filter({ hasText: 'Read from cache' })).toContainText(/\d\.\d points\s*within ±3 points/);
  await expect(page.getByRole('list', { name: 'Why the replay parts from the recorded bill' })).toContainText("Claude Code's hook output and reminders");
  await page.getByText('What the file says about its cache').click();
  await expect(page.getByText(/Breakpoint: 21,478 tokens/)).toBeVisible();
  await page.getByText(/^Per request: recorded against replayed \(78; every cache rule as the file shows\)/).click();
  const rows = page.getByRole('table', { name: /Each request/ }).getByRole('row');
  await expect(rows).toHaveCount(79);
  // The new prompt near the end reads only the system prompt and tools back, in the file and in the replay.
  const prompt = rows.filter({ hasText: 'break / prompt' });
  await expect(prompt).toHaveCount(1);
  const message = Number(/#(\d+)/.exec((await prompt.getByRole('button').textContent()) ?? '')?.[1]);
  await prompt.getByRole('button').click();
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeVisible();
  await expect(page.locator(`#row-${message}`)).toHaveAttribute('aria-selected', 'true');
});

test('fitted to the recorded bill, the input and the bill come within their targets', async ({ page }) => {
  await openReplay(page);
  await page.getByLabel('Fit to the recorded bill').check();
  const figures = page.getByRole('list', { name: 'No pruning against the recorded bill, against the targets' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Input' })).toContainText(/[+−]0\.\d%\s*within ±2%/, { timeout: 30_000 });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Bill' })).toContainText(/[+−]0\.\d%\s*within ±5%/);
});
