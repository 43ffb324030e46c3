/**
 * The lane headers, Max turns, parse warnings, the API verdict and the system prompt, as a user meets them.
 * What the page should say comes from the core, run here in Node.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { analyzeTranscript, applyPrunePlan, parseTranscript, planPrune, validateMessages } from '../src/core';
import { LANES, SAMPLE, coreCounts, coreMessages, expectLanes, fixturePath, openApp, setMaxTurns, upload } from './support';

const TAU = 'tau-bench-gpt-4o-airline.json';

const lane = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test('Max turns says it is the bound asked for; a lane keeping more says why', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  await expect(page.getByTestId('max-turns-hint')).not.toContainText('at most');
  await expect(page.getByTestId('max-turns-hint')).toContainText(`0–${messages.length}`);

  await setMaxTurns(page, 10);
  const at10 = coreCounts(messages, 10);
  await expectLanes(page, at10);
  for (const { strategy, label } of LANES) {
    const note = lane(page, label).getByTestId('kept-note');
    const kept = at10[strategy].kept;
    if (kept > 10) await expect(note).toHaveText(strategy === 'importance' ? /over: the last message's tool group/ : `${kept - 10} over, to keep a tool call with its result`);
    else await expect(note).toHaveCount(0);
  }
  // The sample at 10: the last 10 start with a tool result, so its call comes too; importance drops whole groups.
  expect(at10['sliding-window'].kept).toBe(11);
  expect(at10.importance.kept).toBeLessThan(10);

  await setMaxTurns(page, 0);
  await expectLanes(page, coreCounts(messages, 0));
  for (const { label } of LANES) {
    await expect(lane(page, label).getByTestId('kept-note')).toHaveText(/^at least 1 message is always kept/);
    // Something is kept, so not everything is saved.
    await expect(lane(page, label)).not.toContainText('100% saved');
  }
});

test('the parse-warnings popover closes on Escape, outside click and under the shortcuts dialog', async ({ page }) => {
  await openApp(page);
  const badge = page.getByRole('button', { name: /parse warning/ });
  const panel = page.getByRole('group', { name: /parse warning/ });

  await badge.click();
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Skipped');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(badge).toBeFocused();
  await expect(badge).toHaveAttribute('aria-expanded', 'false');

  await badge.click();
  await expect(panel).toBeVisible();
  await page.getByRole('grid', { name: 'Timeline' }).click({ position: { x: 300, y: 200 } });
  await expect(panel).toHaveCount(0);

  await badge.click();
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('each lane gives a plain API verdict whose numbers agree; each problem selects its row', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  const max = 139;
  await setMaxTurns(page, max);
  const analysis = analyzeTranscript(messages);
  const inputProblems = validateMessages(messages, 'anthropic');
  expect(inputProblems.length).toBeGreaterThan(0);

  for (const { strategy, label } of LANES) {
    const plan = planPrune(analysis, { strategy, maxTurns: max });
    const problems = validateMessages(applyPrunePlan(messages, plan), 'anthropic');
    const verdict = lane(page, label).getByTestId('verdict');
    if (problems.length === 0) {
      await expect(verdict).toHaveText('✓ API accepts');
      continue;
    }
    // The sample's problems are whitespace-only text blocks that the input already has.
    const n = problems.length;
    await expect(verdict).toHaveText(`✗ API rejects${n} ${n === 1 ? 'problem' : 'problems'}, carried over from the input`);
  }

  const button = lane(page, 'Sliding window').getByTestId('verdict').getByRole('button');
  await button.click();
  const panel = page.getByRole('group', { name: 'Sliding window: API problems' });
  await expect(panel).toContainText(`The unpruned input has ${inputProblems.length}`);
  await expect(panel).toContainText('text content blocks must contain non-whitespace text');
  const first = panel.getByRole('button').first();
  const index = Number(((await first.textContent()) ?? '').replace('#', ''));
  await first.click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator(`#row-${index}`)).toHaveAttribute('aria-selected', 'true');
  await expect(button).toBeFocused();
});

test('the tau-bench system prompt is shown, said to be always sent, and opens in a dialog', async ({ page }) => {
  await openApp(page);
  await upload(page, TAU);
  await expect(page.getByTestId('file-name')).toHaveText(TAU, { timeout: 20_000 });
  const system = parseTranscript(readFileSync(fixturePath(TAU), 'utf8'), { fileName: TAU }).conversations[0]?.system ?? '';
  expect(system.length).toBe(6155);

  const line = page.getByTestId('system-prompt-line');
  await expect(line).toContainText('6.2k chars');
  await expect(line).toContainText('always sent, never pruned');
  await expect(line).toContainText('not in Max turns or the totals');
  await expect(page.getByTestId('announcer')).toContainText(`${TAU}`);
  await expect(page.getByTestId('announcer')).toContainText('6155-character system prompt');

  const open = page.getByRole('button', { name: 'System prompt' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: /System prompt/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('# Airline Agent Policy');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the Fates filter names each checkbox with its strategy', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Fates' }).click();
  for (const { label } of LANES) {
    for (const fate of ['kept', 'dropped', 'summarized']) {
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${label}: ${fate}\\b`) })).toHaveCount(1);
    }
  }
});

test('at 1024 wide the file name is not cut', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  const name = page.getByTestId('file-name');
  await expect(name).toHaveAttribute('title', SAMPLE);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
