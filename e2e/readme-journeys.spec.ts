/**
 * The README's "The inspector", walked as a person would: every paragraph and bullet, done through roles and labels,
 * with its visible effect asserted: the opening paragraphs and Lanes here; Budget, Tokens, Timeline, Opening a
 * conversation, Replay, the overview strip, Details and Filters in readme-views.spec.ts; the keys table in
 * readme-keys.spec.ts. Where another spec walks a journey in more depth, the test here does it once and names it.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_LANE_LABELS, SAMPLE, coreMessages, fixturePath, lane, laneRegions, openAddLane, openApp, setMaxMessages, upload, waitForExactCounts } from './support';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const SIX = DEFAULT_LANE_LABELS;
function countOf(text: string, word: string): number {
  const match = new RegExp(`([\\d,]+) ${word}`).exec(text);
  return match ? Number((match[1] ?? '').replace(/,/g, '')) : 0;
}

async function masked(page: Page, label: string): Promise<number> {
  await waitForExactCounts(page);
  await expect(lane(page, label)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  return countOf((await lane(page, label).getByTestId('lane-counts').textContent()) ?? '', 'masked');
}

test.describe('Opening the inspector', () => {
  test('the sample is already open, as big as the README says; a first visit is greeted by the explainer', async ({ page }) => {
    const [, messages, pairs, sentMessages, sentPairs] =
      /real Claude Code session is already loaded: ([\d,]+) messages and ([\d,]+) tool pairs in all, of which it shows\s+the ([\d,]+) messages \(([\d,]+) pairs\)/.exec(README) ?? [];
    expect(messages, 'the README says how big the sample is').toBeDefined();
    await openApp(page, '', { explainer: true });
    const explainer = page.getByRole('dialog', { name: 'What you are looking at' });
    await expect(explainer).toBeVisible();
    for (const term of ['The sample', 'A lane', 'A cell', 'The budget', 'The scorecard', 'Scorecard', 'Urgency', 'Score column']) {
      await expect(explainer.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await expect(explainer.getByRole('button', { name: 'Got it' })).toBeFocused();
    await explainer.getByRole('button', { name: 'Got it' }).click();
    await expect(explainer).toBeHidden();
    await expect(page.getByRole('grid', { name: 'Timeline' })).toBeFocused();
    await expect(page.getByTestId('file-name')).toHaveText(SAMPLE);
    await expect(page.getByTestId('doc-stats')).toHaveText(`${sentMessages} messages · ${sentPairs} tool pairs`);
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
    // The other shapes the README names: a Messages request body with a compaction block, `{ messages }`, and an
    // array of Responses items.
    const turns = [
      { role: 'user', content: 'long task' },
      { role: 'assistant', content: [{ type: 'compaction', content: 'Summary: step 1 is done.' }, { type: 'text', text: 'Continuing.' }] },
    ];
    for (const [name, body, format] of [
      // A system message in the list is Chat's (a bare user/assistant exchange reads as either API).
      ['chat.json', { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }, 'OpenAI Chat'],
      ['items.json', [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }, { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] }], 'OpenAI Responses'],
      ['body.json', { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: turns }, 'Anthropic Messages'],
    ] as const) {
      await upload(page, name, Buffer.from(JSON.stringify(body)));
      await expect(page.getByTestId('file-name')).toHaveText(name);
      await expect(page.getByTestId('format')).toHaveText(format);
    }
    await expect(page.locator('[data-boundary-row]')).toContainText('Compacted by the API');
    await page.getByRole('radio', { name: 'Whole history' }).click();
    await expect(page.getByTestId('doc-stats')).toContainText(`${turns.length} messages`);
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

    const panel = await openAddLane(page);
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
    const panel = await openAddLane(page);
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
    await expect(menu.getByText('Observation masking: options')).toBeVisible();
    // Escape from the options, then ⋯ again: the menu's actions, not the form it was closed on.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await masking.getByRole('button', { name: 'Observation masking lane: options, export, order' }).click();
    await expect(menu.getByRole('button', { name: 'Remove lane' })).toBeVisible();
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
    // The keyboard stays in the lanes: on the ⋯ of the lane that took the removed one's place.
    await expect(lane(page, 'Importance').getByRole('button', { name: 'Importance lane: options, export, order' })).toBeFocused();
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
    // The icon is drawn before the word (in the word's box, so a narrow lane can tighten them together).
    const look = await cell.evaluate((el) => ({ icon: getComputedStyle(el.querySelector('.fate-word') ?? el, '::before').content, pattern: getComputedStyle(el).backgroundImage }));
    expect(look.icon).toBe('"✕" / ""');
    // The icon is drawn, not read: a screen reader hears the word alone.
    await expect(cell).toHaveAccessibleName('Dropped');
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
