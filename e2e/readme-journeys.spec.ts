/**
 * The README's "The inspector", walked as a person would: every paragraph and bullet, done through roles and labels,
 * with its visible effect asserted (the keys table is walked in readme-keys.spec.ts). Where another spec walks a
 * journey in more depth, the test here does it once and the other is named beside it.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { linkToolCalls } from '../src/core';
import { SAMPLE, coreCounts, coreMessages, expectLanes, fixturePath, lane, longestMessage, openApp, setMaxMessages, upload, useMessages, waitForExactCounts } from './support';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const SIX = ['Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor'];
const laneRegions = (page: Page) => page.locator('section[role="region"][data-lane]');

function countOf(text: string, word: string): number {
  const match = new RegExp(`([\\d,]+) ${word}`).exec(text);
  return match ? Number((match[1] ?? '').replace(/,/g, '')) : 0;
}

async function masked(page: Page, label: string): Promise<number> {
  await waitForExactCounts(page);
  await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  return countOf((await lane(page, label).getByTestId('lane-counts').textContent()) ?? '', 'masked');
}

async function openDetails(page: Page, index: number): Promise<void> {
  await page.goto(`/#sel=${index}`);
  await expect(page.locator(`#row-${index}`)).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await page.getByRole('grid', { name: 'Timeline' }).press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(`Message #${index}\\b`) })).toBeFocused();
}

test.describe('Opening the inspector', () => {
  test('the sample is already open, as big as the README says; a first visit is greeted by the explainer', async ({ page }) => {
    const [, messages, pairs] = /real Claude Code session \(([\d,]+) messages, ([\d,]+) tool pairs\)/.exec(README) ?? [];
    expect(messages, 'the README says how big the sample is').toBeDefined();
    await openApp(page, '', { explainer: true });
    const explainer = page.getByRole('dialog', { name: 'What you are looking at' });
    await expect(explainer).toBeVisible();
    for (const term of ['The sample', 'A lane', 'A cell', 'The budget', 'The scorecard', 'Scorecard', 'Urgency', 'Score column']) {
      await expect(explainer.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await explainer.getByRole('button', { name: 'Got it' }).click();
    await expect(explainer).toBeHidden();
    await expect(page.getByRole('grid', { name: 'Timeline' })).toBeFocused();
    await expect(page.getByTestId('file-name')).toHaveText(SAMPLE);
    await page.getByRole('radio', { name: 'Whole history' }).click();
    await expect(page.getByTestId('doc-stats')).toHaveText(`${messages} messages · ${pairs} tool pairs`);
    // Dismissed is remembered; `?` and the Key button open it again.
    await page.reload();
    await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
    await expect(explainer).toBeHidden();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'What am I looking at?' }).click();
    await expect(explainer).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(explainer).toBeHidden();
    await page.getByRole('button', { name: 'Key', exact: true }).click();
    await expect(explainer.getByRole('heading', { name: 'Key' })).toBeVisible();
  });

  test('Upload and the Paste… panel open a transcript (dropping and pasting onto the page: inspector.spec.ts)', async ({ page }) => {
    await openApp(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('banner').getByText('Upload', { exact: true }).click();
    await (await chooser).setFiles(fixturePath('spotter-tool-heavy.jsonl'));
    await expect(page.getByTestId('file-name')).toHaveText('spotter-tool-heavy.jsonl');
    await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('spotter-tool-heavy.jsonl').length} messages`);
    await page.getByRole('button', { name: 'Paste…' }).click();
    await page.getByLabel('Paste transcript').fill(readFileSync(fixturePath('openhands-sdk-fncall-llm-message.json'), 'utf8'));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
  });

  test('every format the README lists opens under its name; many conversations come with a picker', async ({ page }) => {
    await openApp(page);
    for (const [file, format] of [
      ['spotter-subagent-a2898e3.jsonl', 'Claude Code session'],
      ['spotter-session.messages.json', 'Anthropic Messages'],
      ['openhands-sdk-fncall-llm-message.json', 'OpenAI Chat'],
      ['codex-rollout-agentcmd-2025-09-24.jsonl', 'OpenAI Responses'],
      ['tau-bench-gpt-4o-airline.json', 'OpenAI Chat'],
    ] as const) {
      await upload(page, file);
      await expect(page.getByTestId('file-name')).toHaveText(file, { timeout: 20_000 });
      await expect(page.getByTestId('format')).toHaveText(format);
      await expect(page.locator('[role="row"][data-index]').first()).toBeVisible();
    }
    const picker = page.getByRole('combobox', { name: 'Conversation' });
    await picker.selectOption({ index: 1 });
    await expect(picker).toHaveValue('1');
    // Each format in depth: formats.spec.ts; a bad file keeps the transcript you had: inspector.spec.ts.
  });

  test('the URL hash keeps the view, never the transcript (no request leaves: privacy.spec.ts)', async ({ page }) => {
    await openApp(page);
    await setMaxMessages(page, 30);
    await page.locator('#row-4').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('sel=4');
    const hash = decodeURIComponent(await page.evaluate(() => location.hash));
    expect(hash).toContain('budget=m30');
    const preview = (await page.locator('#row-4 .preview').textContent()) ?? '';
    expect(preview.length).toBeGreaterThan(8);
    expect(hash).not.toContain(preview.slice(0, 8));
  });
});

test.describe('Lanes', () => {
  test('six lanes at first, one per strategy; + Lane adds a seventh with the strategy and options chosen', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Form submission canceled/.test(m.text())) errors.push(m.text());
    });
    await openApp(page);
    await expect(laneRegions(page)).toHaveCount(6);
    for (const label of SIX) await expect(lane(page, label)).toBeVisible();
    const before = await masked(page, 'Observation masking');

    await page.getByRole('button', { name: 'Add lane' }).click();
    const panel = page.getByRole('group', { name: 'Add a lane' });
    await panel.getByLabel('Strategy').selectOption({ label: 'Observation masking' });
    await panel.getByLabel('Min size').fill('2000');
    await panel.getByRole('button', { name: 'Add lane' }).click();

    await expect(panel).toBeHidden();
    await expect(laneRegions(page)).toHaveCount(7);
    // Two lanes of one strategy are told apart by number; the new one says its options and has its own figures.
    const added = lane(page, 'Observation masking 2');
    await expect(added).toBeVisible();
    await expect(lane(page, 'Observation masking 1')).toBeVisible();
    await expect(added.getByTestId('lane-options')).toContainText('min size 2,000');
    // Only results of 2,000 tokens or more may be cleared: fewer are masked than in the default lane.
    await expect.poll(() => masked(page, 'Observation masking 2')).toBeLessThan(before);
    expect(await masked(page, 'Observation masking 1')).toBe(before);
    // Its cells are in every row, and the URL keeps it.
    await expect(page.locator('#row-3 [role="gridcell"][data-strategy="observation-masking"]')).toHaveCount(2);
    await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('observation-masking(minTokens=2000)');
    expect(errors).toEqual([]);
  });

  test('Enter in a field of the Add lane form adds the lane too', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Add lane' }).click();
    const panel = page.getByRole('group', { name: 'Add a lane' });
    await panel.getByLabel('Strategy').selectOption({ label: 'Token budget' });
    await panel.getByLabel('Recent tail').fill('3');
    await panel.getByLabel('Recent tail').press('Enter');
    await expect(laneRegions(page)).toHaveCount(7);
    await expect(lane(page, 'Token budget 2').getByTestId('lane-options')).toContainText('recent tail 3');
  });

  test("a lane's ⋯ → Options… → Apply changes its options and its figures; Enter applies as well", async ({ page }) => {
    await openApp(page);
    const masking = lane(page, 'Observation masking');
    const before = await masked(page, 'Observation masking');
    await masking.getByRole('button', { name: 'Observation masking lane: options, export, order' }).click();
    const menu = page.getByRole('group', { name: 'Observation masking lane' });
    await menu.getByRole('button', { name: 'Options…' }).click();
    await menu.getByLabel('Min size').fill('2000');
    await menu.getByRole('button', { name: 'Apply' }).click();
    await expect(menu).toBeHidden();
    await expect(masking.getByTestId('lane-options')).toContainText('min size 2,000');
    await expect.poll(() => masked(page, 'Observation masking')).toBeLessThan(before);

    // Enter in the field applies too: back to the default size.
    await masking.getByRole('button', { name: 'Observation masking lane: options, export, order' }).click();
    await menu.getByRole('button', { name: 'Options…' }).click();
    await menu.getByLabel('Min size').fill('50');
    await menu.getByLabel('Min size').press('Enter');
    await expect(menu).toBeHidden();
    await expect(masking.getByTestId('lane-options')).toHaveCount(0);
    await expect.poll(() => masked(page, 'Observation masking')).toBe(before);
  });

  test('a lane moves and goes from its ⋯ menu; its pruned transcript downloads in the source format', async ({ page }) => {
    await openApp(page);
    const menuOf = async (label: string) => {
      await lane(page, label).getByRole('button', { name: `${label} lane: options, export, order` }).click();
      return page.getByRole('group', { name: `${label} lane` });
    };
    await (await menuOf('Sliding window')).getByRole('button', { name: 'Move right' }).click();
    await expect(laneRegions(page).nth(0)).toHaveAttribute('aria-label', 'Summarize');
    await expect(laneRegions(page).nth(1)).toHaveAttribute('aria-label', 'Sliding window');
    await expect(page.locator('#row-3 [role="gridcell"][data-lane]').nth(1)).toHaveAttribute('data-strategy', 'sliding-window');
    await (await menuOf('Sliding window')).getByRole('button', { name: 'Remove lane' }).click();
    await expect(laneRegions(page)).toHaveCount(5);
    await expect(lane(page, 'Sliding window')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await (await menuOf('Importance')).getByRole('button', { name: 'Download Importance transcript' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.jsonl$/);
    // Copying, and opening an export again: inspector.spec.ts.
  });

  test('each cell shows its fate as icon, word and pattern with the reason on hover; each header counts, saves, scores and validates', async ({ page }) => {
    await openApp(page);
    await waitForExactCounts(page);
    const cell = page.locator('#row-0 [data-strategy="sliding-window"]');
    await expect(cell).toHaveText('Dropped');
    await expect(cell).toHaveAttribute('data-fate', 'dropped');
    await expect(cell).toHaveAttribute('title', /^Sliding window: dropped, .+\.$/);
    const look = await cell.evaluate((el) => ({ icon: getComputedStyle(el, '::before').content, pattern: getComputedStyle(el).backgroundImage }));
    expect(look.icon).toBe('"✕"');
    expect(look.pattern).toContain('repeating-linear-gradient');
    for (const label of SIX) {
      const header = lane(page, label);
      await expect(header.getByTestId('lane-counts')).toContainText(/[\d,]+ kept/);
      await expect(header.getByTestId('lane-counts')).toContainText(/tokens/);
      await expect(header.getByTestId('lane-counts')).toContainText(/\d+% saved/);
      await expect(header.getByTestId('scorecard')).toHaveText(/(task [✓✗]|prompts \d+\/\d+|errors \d+\/\d+|files \d+\/\d+)/);
      await expect(header.getByTestId('verdict')).toHaveText(/API (accepts|rejects)/);
    }
    // What a strategy says about itself: the intent the governor read; the token budget's urgency.
    await expect(lane(page, 'Governor').getByTestId('lane-headline')).toContainText('Intent read:');
    await expect(lane(page, 'Token budget').getByTestId('lane-headline')).toContainText(/Urgency (none|soft|hard)/);
    // The verdict separating pruning's problems from the input's own: lanes-fixes.spec.ts.
  });
});

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
    await expect(page.getByTestId('recorded-usage')).toContainText(/counted [\d,]+/);
    // Each request's details say what it was billed.
    const assistant = coreMessages(SAMPLE).findIndex((m, i) => i > 2 && m.role === 'assistant');
    await openDetails(page, assistant);
    await expect(page.getByTestId('request-usage')).toContainText(/billed [\d,]+ input tokens/);
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
    await page.getByLabel('When').check();
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
    await openDetails(page, longestMessage(coreMessages(SAMPLE)));
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
