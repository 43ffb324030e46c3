/**
 * What a new user found on real files (issue 7): subagent files, a header that never overlaps, server searches
 * and encrypted reasoning shown as what they are, links that know their transcript, Enter before the search answered,
 * and no serious accessibility violation in light or dark.
 */
import { expect, test } from '@playwright/test';
import { SAMPLE, coreMessages, openApp, upload } from './support';

test('a Claude Code subagent file opens on its subagent, never on an empty conversation', async ({ page }) => {
  await openApp(page);
  const file = 'spotter-subagent-a2898e3.jsonl';
  await upload(page, file);
  await expect(page.getByTestId('file-name')).toHaveText(file);
  const messages = coreMessages(file);
  expect(messages.length).toBeGreaterThan(0);
  await expect(page.getByTestId('doc-stats')).toContainText(`${messages.length} messages`);
  await expect(page.getByText('No message matches the filters')).toHaveCount(0);
  await expect(page.locator('#row-0')).toBeVisible();
});

for (const width of [1024, 1280, 1440]) {
  test(`at ${width} px the header's controls never overlap, and the conversation picker takes clicks`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await upload(page, 'tau-bench-gpt-4o-airline.json');
    await expect(page.getByTestId('file-name')).toHaveText('tau-bench-gpt-4o-airline.json', { timeout: 20_000 });
    const header = page.getByRole('banner');
    const boxes = await header.evaluate((el) =>
      [...el.querySelectorAll('[data-testid], button, label, select, h1')]
        // Leaves only: a box holding others is not compared with what it holds.
        .filter((node) => ![...node.querySelectorAll('[data-testid], button, label, select')].some((inner) => inner !== node))
        .map((node) => {
          const r = node.getBoundingClientRect();
          return { name: (node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30), x: r.x, y: r.y, w: r.width, h: r.height };
        })
        .filter((b) => b.w > 0 && b.h > 0),
    );
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        if (dx > 1 && dy > 1) overlaps.push(`${a.name} × ${b.name}`);
      }
    }
    expect(overlaps).toEqual([]);
    for (const b of boxes) expect(b.x + b.w, b.name).toBeLessThanOrEqual(width);
    // A click on the picker reaches the picker.
    const picker = page.getByLabel('Conversation');
    await picker.selectOption('12');
    await expect(picker).toHaveValue('12');
    await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('tau-bench-gpt-4o-airline.json', 12).length} messages`);
  });
}

test('a Responses web search reads as a search the server ran, without a made-up result; encrypted reasoning says so', async ({ page }) => {
  await openApp(page);
  const items = [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'find the release notes' }] },
    { type: 'reasoning', summary: [], encrypted_content: 'gAAAAABo-secret' },
    { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'prunescope release notes' } },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Here they are.' }] },
  ];
  await upload(page, 'search.json', Buffer.from(JSON.stringify(items)));
  await expect(page.getByTestId('format')).toHaveText('OpenAI Responses');
  await expect(page.getByTestId('doc-stats')).toContainText('0 tool pairs');
  const row = page.locator('#row-1');
  await expect(row).toContainText('on the server');
  await expect(row.locator('.tag-result')).toHaveCount(0);
  await row.dblclick();
  const details = page.getByRole('complementary', { name: 'Message details' });
  await expect(details).toContainText('reasoning (encrypted)', { timeout: 15_000 });
  await expect(details).toContainText('run by the server');
});

test('a link made for another transcript says so and leaves the view alone', async ({ page }) => {
  await openApp(page, '#fp=zzzzzzz&sel=40&budget=m12&role=user');
  await expect(page.getByTestId('view-notice')).toContainText('This link was made for another transcript');
  await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^user/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('slider', { name: 'Max tokens' })).toBeVisible();
});

test('Enter in the search box before the worker has answered still goes to the first match', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill('defmodule');
  await search.press('Enter');
  await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveCount(1);
  await expect(page.getByTestId('match-count')).toHaveText(/^1 \/ \d+$/);
});

// The axe checks of the sample live in a11y.spec.ts (timeline and replay, light and dark).

test('the sample as last sent starts at its compact summary', async ({ page }) => {
  await openApp(page);
  await expect(page.locator('#row-0')).toContainText('This session is being continued');
  expect(coreMessages(SAMPLE)[0]?.role).toBe('user');
});
