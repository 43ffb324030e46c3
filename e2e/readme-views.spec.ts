/**
 * The README's "The inspector", second half: Budget, Tokens, Timeline, Opening a conversation, Replay, the overview
 * strip, Details and Filters, each done as a person would with its visible effect (see readme-journeys.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { linkToolCalls } from '../src/core';
import { DEFAULT_LANE_LABELS as SIX, SAMPLE, coreCounts, coreMessages, expectLanes, lane, longestMessage, openApp, openMessage, setMaxMessages, upload, useMessages, waitForExactCounts } from './support';

test.describe('Budget, tokens and the timeline', () => {
  test('the budget: tokens by default at half the transcript, presets, messages; every lane plans again', async ({ page }) => {
    await openApp(page);
    await waitForExactCounts(page);
    const box = page.getByRole('spinbutton', { name: 'Max tokens' });
    const max = Number(await box.getAttribute('max'));
    await expect.poll(async () => Math.abs(Number(await box.inputValue()) - max / 2)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: '200k' }).click();
    await expect(box).toHaveValue(String(Math.min(200_000, max)));
    for (const label of SIX) await expect(lane(page, label).getByTestId('lane-counts')).toContainText(/\d+% saved/);
    await useMessages(page);
    const messages = coreMessages(SAMPLE);
    await setMaxMessages(page, 40);
    await expectLanes(page, coreCounts(messages, 40));
    // The keys `[` `]` (and with ⇧): readme-keys.spec.ts.
  });

  test("tokens are counted with the provider's vocabulary, switchable; the file's recorded usage sits beside", async ({ page }) => {
    await openApp(page);
    await waitForExactCounts(page);
    await expect(page.getByTestId('token-status')).toHaveText('counted with claude');
    const tokens = page.locator('#row-0 .cell-chars');
    const claude = await tokens.textContent();
    const counter = page.getByRole('combobox', { name: 'Count tokens with' });
    await counter.selectOption({ label: 'OpenAI cl100k' });
    await expect(page.getByTestId('token-status')).toHaveText('counted with cl100k_base', { timeout: 30_000 });
    await expect(tokens).not.toHaveText(claude ?? '');
    await counter.selectOption({ label: 'characters ÷ 4' });
    await expect(page.getByTestId('token-status')).toHaveText(/estimate/);
    await expect(page.getByTestId('recorded-usage')).toContainText(/[\d,]+ counted/);
    // Each request's details say what it was billed.
    const assistant = coreMessages(SAMPLE).findIndex((m, i) => i > 2 && m.role === 'assistant');
    await openMessage(page, assistant);
    await expect(page.getByTestId('request-usage')).toContainText(/billed [\d,]+ input tokens/);
    // Its "not in the file" is this request's own (the trial read three sizes of the fixed part as one figure).
    await expect(page.getByTestId('request-usage')).toContainText(/[\d,]+ are what the file does not hold for this request/);
    // An OpenAI file is counted with o200k_base.
    await upload(page, 'openhands-sdk-fncall-llm-message.json');
    await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
    await counter.selectOption('auto');
    await expect(page.getByTestId('token-status')).toHaveText('counted with o200k_base', { timeout: 60_000 });
  });

  test('rows show role, preview, tokens and score; a call and its result share a marker and light up together; only rows in view are built', async ({ page }) => {
    await openApp(page);
    const messages = coreMessages(SAMPLE);
    const pair = linkToolCalls(messages).pairs.find((p) => p.useIndex > 2 && p.resultIndex === p.useIndex + 1);
    expect(pair).toBeDefined();
    const call = page.locator(`#row-${pair!.useIndex}`);
    const result = page.locator(`#row-${pair!.resultIndex}`);
    await expect(call.locator('.role-pill')).toHaveText('assistant');
    await expect(call.locator('.tag-call')).toHaveText(/^call/);
    await expect(result.locator('.tag-result')).toHaveText(/^result/);
    await expect(call.locator('.cell-chars')).toHaveText(/^[\d.,]+k? tok$/);
    await expect(call.getByLabel(/^Importance score \d\.\d\d$/)).toBeVisible();
    const hue = (row: typeof call) => row.locator('.link-dot').evaluate((el) => getComputedStyle(el).borderColor);
    expect(await hue(call)).toBe(await hue(result));
    await call.hover();
    await expect(result).toHaveAttribute('data-linked', 'true');
    // Selecting one (the keyboard's hover) lights up its partner too.
    await page.mouse.move(0, 0);
    await result.click();
    await expect(call).toHaveAttribute('data-linked', 'true');
    // An error result wears its badge.
    const error = messages.findIndex((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result' && b.is_error === true));
    await page.goto(`/#sel=${error}`);
    await expect(page.locator(`#row-${error} .tag-error`)).toHaveText('error', { timeout: 20_000 });
    // Virtualized: far fewer row elements than messages (100k rows: the browser benchmark).
    expect(await page.locator('[role="row"][data-index]').count()).toBeLessThan(messages.length / 2);
  });

  test('a compacted session opens as last sent with its boundary as a row; the whole history and the file as logged are a click away', async ({ page }) => {
    await openApp(page);
    await expect(page.getByRole('radio', { name: 'As last sent' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('[data-boundary-row]')).toContainText('Compacted by the agent');
    await page.getByRole('radio', { name: 'Whole history' }).click();
    await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages(SAMPLE, 0, { scope: 'whole' }).length} messages`);
    const repair = page.getByRole('button', { name: /^Repaired: \d+ changes?$/ });
    await repair.click();
    const list = page.getByRole('group', { name: 'Repair input' });
    await expect(list.getByRole('listitem').first()).toContainText(/#\d+/);
    await list.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('button', { name: 'Repair: off' })).toBeVisible();
    // As logged, the verdicts say which problems the input had: lanes-fixes.spec.ts.
  });
});

test.describe('Replay, overview, details, filters', () => {
  test('the Replay tab prices every lane with the totals the README lists; the trigger and the model change it', async ({ page }) => {
    await openApp(page);
    await page.getByRole('tab', { name: 'Replay' }).click();
    const cost = (label: string) => page.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell').first();
    for (const label of ['No pruning', ...SIX]) await expect(cost(label)).toHaveText(/^\$\d/, { timeout: 30_000 });
    for (const column of ['vs no pruning', 'Read from cache', 'Peak context', 'Cache rewrites', 'Over the window']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(page.locator('.replay-chart canvas')).toHaveCount(3);
    await expect(page.getByText('No pruning against the recorded bill')).toBeVisible();
    const stateless = await cost('Sliding window').textContent();
    await page.getByRole('radio', { name: 'When', exact: true }).check();
    await page.getByLabel('Trigger').selectOption({ label: 'every N requests' });
    await page.getByLabel('Requests').fill('20');
    await expect.poll(() => cost('Sliding window').textContent(), { timeout: 30_000 }).not.toBe(stateless);
    const live = await cost('No pruning').textContent();
    await page.getByRole('combobox', { name: 'Model' }).selectOption({ index: 1 });
    await expect.poll(() => cost('No pruning').textContent(), { timeout: 30_000 }).not.toBe(live);
    // Pointing at a chart and clicking it to open its message: replay.spec.ts.
  });

  test('the overview strip beside the timeline goes where it is clicked', async ({ page }) => {
    await openApp(page);
    const strip = page.getByTestId('minimap');
    const box = await strip.boundingBox();
    if (!box) throw new Error('no overview strip');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const count = coreMessages(SAMPLE).length;
    const selected = Number(await page.locator('[role="row"][aria-selected="true"]').getAttribute('data-index'));
    expect(Math.abs(selected - count / 2)).toBeLessThan(count / 10);
  });

  test("details: the message in full, each lane's fate and reason, the governor's score, Raw JSON of its records", async ({ page }) => {
    await openApp(page);
    await openMessage(page, longestMessage(coreMessages(SAMPLE)));
    const details = page.getByRole('complementary', { name: 'Message details' });
    const fates = details.getByRole('list', { name: 'What each lane does with it' }).getByRole('listitem');
    await expect(fates).toHaveCount(6);
    await expect(fates.first()).toContainText(/Sliding window\s*(Kept|Dropped|Summarized|Masked)\s*\S+/);
    await expect(details.getByTestId('lane-explain')).toContainText('Governor:');
    await details.getByRole('button', { name: /Show more/ }).first().click();
    await expect(details.getByRole('button', { name: 'Show less' }).first()).toBeVisible();
    await details.getByRole('button', { name: 'Raw JSON' }).click();
    await expect(details).toContainText('Source record');
    await expect(details).toContainText('"sessionId"');
  });

  test('filters by role, tool name and fate; search; dark mode follows the system or the toggle', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await openApp(page);
    const messages = coreMessages(SAMPLE);
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('button', { name: /^assistant/ }).click();
    await expect(page.getByTestId('shown-count')).toHaveText(`${messages.filter((m) => m.role === 'assistant').length} of ${messages.length}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByRole('button', { name: /^Tools/ }).click();
    await page.getByRole('checkbox', { name: /^Bash/ }).check();
    await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^\\d+ of ${messages.length}$`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByRole('button', { name: /^Fates/ }).click();
    await page.getByRole('checkbox', { name: /^Summarize: summarized/ }).check();
    await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^\\d+ of ${messages.length}$`));
    await page.keyboard.press('Escape');
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill('defmodule');
    await expect(page.getByTestId('match-count')).toHaveText(/\d+ match/);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: /^Theme: System/ }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await context.close();
  });
});
