/**
 * The timeline as a user meets it: every lane beside the message at 1024 wide, tool-call rows labelled as calls
 * with every call counted, Codex previews, a selection scrolled fully into view, jumps through a filter, focus.
 */
import { expect, test } from '@playwright/test';
import { linkToolCalls } from '../src/core';
import { SAMPLE, coreMessages, expectRowFullyInView, maxMessagesValue, openApp, setMaxMessages, upload, useMessages, waitForExactCounts } from './support';

const CODEX = 'codex-rollout-agentcmd-2025-09-24.jsonl';


test('at 1024×768 every lane sits beside the message and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  const row = page.locator('#row-3');
  const width = page.viewportSize()?.width ?? 1024;
  for (const lane of ['sliding-window', 'summarize', 'importance', 'observation-masking', 'token-budget', 'governor']) {
    const box = await row.locator(`[data-strategy="${lane}"]`).boundingBox();
    expect(box, lane).not.toBeNull();
    expect(box!.x + box!.width, lane).toBeLessThanOrEqual(width);
  }
  const body = page.getByRole('grid', { name: 'Timeline' });
  const { scrollWidth, clientWidth } = await body.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // The row (and its hover/selection) spans the whole timeline width.
  const rowBox = await row.boundingBox();
  const bodyBox = await body.boundingBox();
  expect(rowBox!.width).toBeGreaterThanOrEqual(bodyBox!.width - 20);
  // The details are a drawer: a click selects, a double-click opens it; it closes and opens again from its button.
  await row.click();
  const details = page.getByRole('complementary', { name: 'Message details' });
  await expect(details).toHaveCount(0);
  await row.dblclick();
  await expect(details.getByRole('heading', { name: /Message #3/ })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeFocused();
  await page.getByRole('button', { name: 'Details · #3' }).click();
  await expect(details.getByRole('heading', { name: /Message #3/ })).toBeVisible();
});

test('a message with text and tool calls is a call row, and every call is counted', async ({ page }) => {
  // The whole history: the parallel calls of the sample come before its compaction.
  await openApp(page, '#scope=whole');
  const messages = coreMessages(SAMPLE, 0, { scope: 'whole' });
  const isUse = (b: unknown) => (b as { type?: string }).type === 'tool_use';
  const blocks = (i: number) => (Array.isArray(messages[i]?.content) ? (messages[i]!.content as unknown[]) : []);
  // A call row whose long text comes first (the sample's #25).
  const mixed = messages.findIndex((m, i) => m.role === 'assistant' && (blocks(i)[0] as { type?: string } | undefined)?.type === 'text' && blocks(i).some(isUse));
  expect(mixed).toBeGreaterThanOrEqual(0);
  const row = page.locator(`#row-${mixed}`);
  await page.evaluate((i) => (location.hash = `scope=whole&sel=${i}`), mixed);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row.getByRole('button', { name: 'Jump from this tool call to its partner' })).toBeVisible();
  await expect(row).toContainText('call');
  const name = (blocks(mixed).find(isUse) as { name: string }).name;
  await expect(row.locator('.preview')).toHaveText(new RegExp(`^${name}\\(`));
  // A message holding three calls says ×3.
  const triple = messages.findIndex((_, i) => blocks(i).filter(isUse).length === 3);
  expect(triple).toBeGreaterThanOrEqual(0);
  await page.evaluate((i) => (location.hash = `scope=whole&sel=${i}`), triple);
  await expect(page.locator(`#row-${triple}`)).toContainText('call ×3');
});

test('Codex: shell previews show the command, failures are errors, outputs are unwrapped', async ({ page }) => {
  await openApp(page);
  await upload(page, CODEX);
  await expect(page.locator('[role="row"][data-index]').first()).toBeVisible();
  const body = page.locator('[role="grid"] [role="rowgroup"]').nth(1);
  await expect(body).toContainText('shell(rg "TeamSheet")');
  await expect(body).not.toContainText('shell(/Users/');
  await expect(body).not.toContainText('→ {"output"');
  await expect(page.locator('[role="row"][data-index]').filter({ hasText: 'failed in sandbox' }).first()).toContainText('error');
});

test('a selection from the URL or a search lands fully in view', async ({ page }) => {
  await openApp(page, '#sel=25');
  await expectRowFullyInView(page, 25);
  await openApp(page, '#sel=140');
  await expectRowFullyInView(page, 140);
  await page.keyboard.press('/');
  await page.keyboard.type('defmodule');
  await expect(page.getByTestId('match-count')).toHaveText(/\d+ match/);
  for (let k = 0; k < 3; k++) {
    await page.keyboard.press('Enter');
    const selected = Number(await page.locator('[role="row"][aria-selected="true"]').getAttribute('data-index'));
    await expectRowFullyInView(page, selected);
  }
});

test('jumping to a partner hidden by a filter shows it and says which filter hid it', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  const pair = linkToolCalls(messages).pairs.find((p) => p.useIndex !== p.resultIndex && p.resultIndex > 100 && messages[p.useIndex]?.role === 'assistant' && messages[p.resultIndex]?.role === 'user');
  expect(pair).toBeDefined();
  await page.evaluate((i) => (location.hash = `sel=${i}`), pair!.resultIndex);
  await expect(page.locator(`#row-${pair!.resultIndex}`)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: `Details · #${pair!.resultIndex}` }).click();
  await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^user/ }).click();
  await expect(page.locator(`#row-${pair!.useIndex}`)).toHaveCount(0);
  await page.getByRole('button', { name: `Jump to call #${pair!.useIndex}` }).click();
  await expectRowFullyInView(page, pair!.useIndex);
  await expect(page.getByTestId('jump-notice')).toContainText(`#${pair!.useIndex} was hidden by the Role filter`);
  await page.getByRole('button', { name: 'Restore filters' }).click();
  await expect(page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^user/ })).toHaveAttribute('aria-pressed', 'true');
});

test('after a load the timeline has focus, so g/j work at once; labels say what they count', async ({ page }) => {
  await openApp(page);
  await upload(page, 'spotter-short.jsonl');
  await expect(page.getByTestId('file-name')).toHaveText('spotter-short.jsonl');
  await expect(page.getByRole('grid', { name: 'Timeline' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await expect(page.locator('#row-1')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('g');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
});

test('a summary row says which lane adds it and how many messages it stands for', async ({ page }) => {
  await openApp(page, '#budget=m150');
  const summary = page.locator('[data-insert-row][data-lane="l2"]');
  await expect(summary).toContainText(/Summarize · summary of \d+ messages?/);
  await expect(summary).toContainText(/\[Previous context: \d+ turns summarized\]/);
});

test('a compacted session opens as last sent, with the boundary as a row; the whole history is one click away', async ({ page }) => {
  await openApp(page);
  const lastSent = coreMessages(SAMPLE);
  const whole = coreMessages(SAMPLE, 0, { scope: 'whole' });
  expect(whole.length).toBeGreaterThan(lastSent.length);
  await expect(page.getByRole('radio', { name: 'As last sent' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('[data-boundary-row]')).toContainText('Compacted by the agent · 170,251 tokens before');
  await expect(page.locator('#row-0')).toContainText('compact');
  await page.getByRole('radio', { name: 'Whole history' }).click();
  await expect(page.getByTestId('doc-stats')).toContainText(`${whole.length} messages`);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('scope=whole');
});

test('a lane that answers a new budget within 100 ms is never dimmed, nor its verdict or scorecard: no flash on every change', async ({ page }) => {
  await openApp(page);
  await waitForExactCounts(page);
  await useMessages(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __dims: string[] }).__dims = seen;
    const watch = (el: Element) => new MutationObserver(() => seen.push((el as HTMLElement).dataset.stale ?? '')).observe(el, { attributes: true, subtree: true, attributeFilter: ['data-stale', 'class'] });
    watch(document.querySelector('[data-testid="lane-dims"]')!);
    for (const counts of document.querySelectorAll('[data-testid="lane-counts"]')) {
      new MutationObserver(() => seen.push(counts.className.includes('opacity-60') ? 'header' : '')).observe(counts, { attributes: true, attributeFilter: ['class'] });
    }
    // The verdict and the scorecard come a moment after the plan: they wait as long before they dim.
    for (const part of document.querySelectorAll('[data-testid="verdict"], [data-testid="scorecard"]')) {
      new MutationObserver(() => seen.push((part as HTMLElement).dataset.stale !== undefined ? (part as HTMLElement).dataset.testid! : '')).observe(part, { attributes: true, attributeFilter: ['data-stale'] });
    }
  });
  // The page's clock stands still, so no dim can come however long the lanes take; then it runs past the wait.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await setMaxMessages(page, Math.max(2, Math.floor((await maxMessagesValue(page)) / 2)));
  await expect(page.locator('section[data-lane][aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // The verdicts and scorecards follow the plans; real time runs on while the page's clock stands still.
  await expect(page.getByTestId('verdict').filter({ hasText: 'checking…' })).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  await page.clock.runFor(1_000);
  const dims = await page.evaluate(() => (window as unknown as { __dims: string[] }).__dims.filter((d) => d !== ''));
  expect(dims, 'a veil, a dimmed header, verdict or scorecard shown for lanes that had answered').toEqual([]);
  await expect(page.getByTestId('lane-dims').locator('[data-stale]')).toHaveCount(0);
});

test("while a lane plans a new budget a while its cells are dimmed, each lane's own, and none once every lane has answered", async ({ page }) => {
  // A lane is dimmed once it has planned 100 ms; this sample's lanes answer sooner, so here the dims come at once.
  await page.addInitScript(() => {
    (globalThis as { __prunescopeDimAfterMs?: number }).__prunescopeDimAfterMs = 0;
  });
  await openApp(page);
  await waitForExactCounts(page);
  await useMessages(page);
  const veils = page.getByTestId('lane-dims').locator('[data-stale]');
  await expect(veils).toHaveCount(0);
  // Every change of the veils while the lanes plan: which lanes are veiled, whether each veil covers its lane's cells
  // (the same left edge and width as a cell of that lane) and whether it is seen (a background that is not clear).
  await page.evaluate(() => {
    const dims = document.querySelector('[data-testid="lane-dims"]') as HTMLElement;
    const seen: { stale: string[]; covers: boolean; shown: Record<string, boolean> }[] = [];
    (window as unknown as { __stale: typeof seen }).__stale = seen;
    new MutationObserver(() => {
      const stale: string[] = [];
      const shown: Record<string, boolean> = {};
      let covers = true;
      for (const veil of dims.querySelectorAll<HTMLElement>(':scope > [data-pos]')) {
        const pos = veil.dataset.pos ?? '';
        if (veil.dataset.stale) stale.push(pos);
        shown[pos] = !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(getComputedStyle(veil).backgroundColor);
        const cell = document.querySelector<HTMLElement>(`[role="row"] .fate-cell[data-pos="${pos}"]`);
        if (!cell) continue;
        const [a, b] = [veil.getBoundingClientRect(), cell.getBoundingClientRect()];
        if (Math.abs(a.left - b.left) > 1 || Math.abs(a.width - b.width) > 1 || a.top > b.top || a.bottom < b.bottom) covers = false;
      }
      seen.push({ stale, covers, shown });
    }).observe(dims, { attributes: true, subtree: true, attributeFilter: ['data-stale'] });
  });
  await setMaxMessages(page, Math.max(2, Math.floor((await maxMessagesValue(page)) / 2)));
  await expect(veils).toHaveCount(0, { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { __stale: { stale: string[]; covers: boolean; shown: Record<string, boolean> }[] }).__stale);
  const dimmed = seen.filter((s) => s.stale.length > 0);
  expect(dimmed.length).toBeGreaterThan(0);
  // The quick lanes answer first: some moment veils the slow ones alone, which tells each lane's veil apart.
  expect(dimmed.some((s) => Object.values(s.shown).includes(false))).toBe(true);
  for (const { stale, covers, shown } of dimmed) {
    expect(covers, `veils over their lanes while ${stale.join(' ')}`).toBe(true);
    for (const [pos, value] of Object.entries(shown)) expect(value, `lane ${pos} while ${stale.join(' ')}`).toBe(stale.includes(pos));
  }
});
