/**
 * The README's keys table, row by row, pressed as a person would, each with its visible effect; and the `?` list
 * holds every key the README names.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { linkToolCalls } from '../src/core';
import { SAMPLE, coreMessages, lane, maxMessagesValue, openApp, useMessages, waitForExactCounts } from './support';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The keys of the README's table: every `code span` in its first column. */
function readmeKeys(): string[] {
  const start = README.indexOf('| keys | |');
  const table = README.slice(start, README.indexOf('\n\n', start));
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
}

const selectedIndex = async (page: Page) => Number(await page.locator('[role="row"][aria-selected="true"]').getAttribute('data-index'));

async function ready(page: Page, hash = ''): Promise<void> {
  await openApp(page, hash);
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeFocused();
}

test('the README names every key `?` lists, and `?` lists every key of the README', async ({ page }) => {
  const keys = readmeKeys();
  expect(keys).toEqual(expect.arrayContaining(['j', 'k', 'g', 'G', 'Enter', 'p', '/', '[', ']', '⇧P', 'r', '?', '←', '→']));
  await ready(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  const listed = (await dialog.locator('kbd').allTextContents()).map((k) => k.replace(/\s+/g, ''));
  const text = ((await dialog.textContent()) ?? '').replace(/\s+/g, '');
  for (const key of keys) {
    // "⇧Enter" is listed as "⇧ Enter"; a bare ⇧ (the ×10 of [ ]) is said in words.
    if (key === '⇧') expect(text).toContain('⇧');
    else expect(listed, `the ? list shows ${key}`).toContain(key.replace(/\s+/g, ''));
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('j k and ↓ ↑ step through the messages; g G go to the first and the last', async ({ page }) => {
  await ready(page);
  const count = coreMessages(SAMPLE).length;
  await page.keyboard.press('j');
  expect(await selectedIndex(page)).toBe(0);
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  expect(await selectedIndex(page)).toBe(2);
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowUp');
  expect(await selectedIndex(page)).toBe(0);
  await page.keyboard.press('G');
  await expect(page.locator(`#row-${count - 1}`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('g');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
});

test('Enter opens the selected message in the details; ← → read its lane cells', async ({ page }) => {
  await ready(page);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Message #1\b/ })).toBeFocused();
  await page.getByRole('grid', { name: 'Timeline' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toHaveText(/^Sliding window: (kept|dropped|summarized|masked)/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toHaveText(/^Summarize: /);
  // In depth (screen readers, the lane kept as j/k move): a11y.spec.ts.
});

test('← → read the lane cells wherever j and k move the selection, not only from the grid (regression: after a click outside it they did nothing)', async ({ page }) => {
  await ready(page);
  await page.getByTestId('file-name').click();
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toHaveText(/^Sliding window: (kept|dropped|summarized|masked)/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toHaveText(/^Summarize: /);
});

test('p jumps from a tool call to its result and back', async ({ page }) => {
  const pair = linkToolCalls(coreMessages(SAMPLE)).pairs.find((p) => p.useIndex > 5 && p.resultIndex > p.useIndex);
  expect(pair).toBeDefined();
  await ready(page, `#sel=${pair!.useIndex}`);
  await expect(page.locator(`#row-${pair!.useIndex}`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('p');
  await expect(page.locator(`#row-${pair!.resultIndex}`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('p');
  await expect(page.locator(`#row-${pair!.useIndex}`)).toHaveAttribute('aria-selected', 'true');
});

test('/ focuses the search; Enter and ⇧Enter step through the matches', async ({ page }) => {
  await ready(page);
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await expect(search).toBeFocused();
  await search.fill('defmodule');
  await expect(page.getByTestId('match-count')).toHaveText(/\d+ matches/);
  await search.press('Enter');
  await expect(page.getByTestId('match-count')).toHaveText(/^1 \/ \d+$/);
  const first = await selectedIndex(page);
  await search.press('Enter');
  await expect(page.getByTestId('match-count')).toHaveText(/^2 \/ \d+$/);
  expect(await selectedIndex(page)).toBeGreaterThan(first);
  await search.press('Shift+Enter');
  await expect(page.getByTestId('match-count')).toHaveText(/^1 \/ \d+$/);
  expect(await selectedIndex(page)).toBe(first);
  // Escape clears the query first (the trial found it kept), then leaves the field.
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('match-count')).toHaveText('');
  await expect(search).toBeFocused();
  await search.press('Escape');
  await expect(search).not.toBeFocused();
});

test('[ ] move the budget by 1% of the tokens or 1 message, ten times that with ⇧', async ({ page }) => {
  await ready(page);
  await waitForExactCounts(page);
  const box = page.getByRole('spinbutton', { name: 'Max tokens' });
  const max = Number(await box.getAttribute('max'));
  const step = Math.max(1, Math.round(max / 100));
  const start = Number(await box.inputValue());
  const grid = page.getByRole('grid', { name: 'Timeline' });
  await grid.press(']');
  await expect(box).toHaveValue(String(start + step));
  await grid.press('Shift+BracketLeft');
  await expect(box).toHaveValue(String(start + step - 10 * step));
  await useMessages(page);
  const messages = await maxMessagesValue(page);
  await grid.press('[');
  await expect.poll(() => maxMessagesValue(page)).toBe(messages - 1);
  await grid.press('Shift+BracketRight');
  await expect.poll(() => maxMessagesValue(page)).toBe(messages + 9);
  // Every lane plans again at the new bound (counts equal the core's): inspector.spec.ts.
  await expect(lane(page, 'Importance')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
});

test('1 … 8 focus a lane: its header and its cells stand out; again to unfocus', async ({ page }) => {
  await ready(page);
  await page.keyboard.press('3');
  const header = lane(page, 'Importance').getByRole('button', { name: 'Importance', exact: true });
  await expect(header).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#row-3 [data-strategy="importance"]')).toHaveClass(/is-focus/);
  await expect(page.locator('#row-3 [data-strategy="summarize"]')).not.toHaveClass(/is-focus/);
  await page.keyboard.press('3');
  await expect(header).toHaveAttribute('aria-pressed', 'false');
  // Keys past the last lane do nothing.
  await page.keyboard.press('9');
  await expect(page.locator('[role="row"][data-index] .is-focus')).toHaveCount(0);
});

test('⇧P pins the selected message and unpins it; every lane keeps it, as the README says', async ({ page }) => {
  await ready(page, '#sel=3');
  const row = page.locator('#row-3');
  await expect(row.locator('[data-strategy="importance"]')).toHaveText('Dropped', { timeout: 20_000 });
  await page.keyboard.press('Shift+P');
  await expect(row.locator('.tag-pin')).toHaveText('pinned');
  for (const strategy of ['sliding-window', 'summarize', 'importance', 'observation-masking', 'token-budget', 'governor']) {
    await expect(row.locator(`[data-strategy="${strategy}"]`), strategy).toHaveText(/^Kept/);
  }
  await page.keyboard.press('Shift+P');
  await expect(row.locator('.tag-pin')).toHaveCount(0);
  await expect(row.locator('[data-strategy="importance"]')).toHaveText('Dropped');
});

test('r switches between the timeline and the replay', async ({ page }) => {
  await ready(page);
  await page.keyboard.press('r');
  await expect(page.getByRole('tab', { name: 'Replay', selected: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await page.getByText('Totals per lane').click();
  await page.keyboard.press('r');
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
});

test('a switches between the timeline and the advisor', async ({ page }) => {
  await ready(page);
  await page.keyboard.press('a');
  await expect(page.getByRole('tab', { name: 'Advisor', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run the advisor' })).toBeVisible();
  await page.getByRole('region', { name: 'Advisor' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
});
