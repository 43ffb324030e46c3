/**
 * At 1024 px every lane is 80 px wide: a person still reads each lane's whole name in its header, the lanes a first
 * open shows and a peer lane added from "Add lane" alike (no name cut mid-letter under the ⋯ button).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_LANE_LABELS, addLane, lane, openApp, upload } from './support';

test.use({ viewport: { width: 1024, height: 768 } });

/** Each word of the lane's name shown whole: the title button is not wider inside than it is on screen. */
async function expectNameWhole(page: Page, label: string): Promise<void> {
  const title = lane(page, label).getByRole('button', { name: label, exact: true });
  await expect(title).toBeVisible();
  const { inner, shown } = await title.evaluate((el) => ({ inner: el.scrollWidth, shown: el.clientWidth }));
  expect(inner, `${label}: ${inner}px of name in ${shown}px`).toBeLessThanOrEqual(shown);
}

test('at 1024 px a person reads every lane name whole, also of a peer lane added from Add lane', async ({ page }) => {
  await openApp(page);
  for (const label of DEFAULT_LANE_LABELS) await expectNameWhole(page, label);

  await addLane(page, 'SWE-agent: last n observations');
  await expectNameWhole(page, 'SWE-agent: last n observations');

  // In a lane this narrow every cell's word shows whole ("Summarized" as "Summ."), never cut: user-trial.spec.ts.
  const words = page.locator('[role="gridcell"][data-fate] .fate-word');
  await expect(words.first()).toBeVisible();
  expect(await words.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > el.parentElement!.getBoundingClientRect().right + 0.5).map((el) => el.textContent))).toEqual([]);
});

test('at 1024 × 768 a long "over" note takes two lines until a person clicks it, so the rows stay in view', async ({ page }) => {
  await openApp(page);
  await upload(page, 'swe-agent-gpt4-pydicom-1458.traj');
  await expect(page.getByTestId('file-name')).toHaveText('swe-agent-gpt4-pydicom-1458.traj', { timeout: 20_000 });
  const note = lane(page, 'Token budget').getByRole('button', { name: /tokens over:/ });
  await expect(note).toHaveAttribute('aria-expanded', 'false', { timeout: 30_000 });
  const lineHeight = await note.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const clamped = (await note.boundingBox())!.height;
  expect(clamped).toBeLessThanOrEqual(2 * lineHeight + 1);
  // The eighth message's row is on screen under the headers (the budget column, not a lane's note, sets their height).
  await expect(page.locator('[role="row"][data-index="7"]')).toBeInViewport();

  await note.click();
  await expect(note).toHaveAttribute('aria-expanded', 'true');
  expect((await note.boundingBox())!.height).toBeGreaterThan(clamped);
  await expect(note).toContainText('the last message alone are over the limit');
  await note.click();
  await expect(note).toHaveAttribute('aria-expanded', 'false');
});

test('at 1024 px nothing in a lane header runs into the next lane', async ({ page }) => {
  await openApp(page);
  for (const label of DEFAULT_LANE_LABELS) await expect(lane(page, label).getByTestId('verdict')).toHaveText(/API/, { timeout: 30_000 });
  const spills = await page.locator('section[role="region"][data-lane]').evaluateAll((sections) =>
    sections.flatMap((section) => {
      const edge = section.getBoundingClientRect().right;
      return [...section.querySelectorAll<HTMLElement>('*')]
        .filter((el) => !el.classList.contains('sr-only') && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > edge + 0.5)
        .map((el) => `${section.getAttribute('aria-label')}: "${el.textContent}" ends at ${el.getBoundingClientRect().right.toFixed(1)} past ${edge.toFixed(1)}`);
    }),
  );
  expect(spills).toEqual([]);
});

test('at 1024 and 1440 px every count in a lane header reads whole ("57 summ.", or the number beside its icon), and a screen reader hears the word', async ({ page }) => {
  await openApp(page);
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const counts = page.locator('section[aria-label] .count-words');
    await expect(counts.first()).toBeVisible();
    const read = await counts.evaluateAll((els) =>
      els.map((el) => ({ cut: el.scrollWidth > el.clientWidth, word: el.dataset.word ?? '', text: el.querySelector('.word-full')?.textContent ?? '' })),
    );
    expect(read.filter((r) => r.cut), `${width} px`).toEqual([]);
    for (const r of read) expect(r.text.trim()).toBe(r.word);
    // What the summaries came to ("into 1 message of 1,748 tokens") wraps whole under the count; cut, it read "into 1 messa…".
    const notes = await page.locator('section[aria-label] [data-testid="lane-counts"] p[title^="into "]').evaluateAll((els) => els.map((el) => ({ text: el.textContent, cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 })));
    expect(notes.length, `${width} px`).toBeGreaterThan(0);
    expect(notes.filter((n) => n.cut), `${width} px`).toEqual([]);
  }
  // Summarize at 1440 px: the short word is what is seen.
  await expect(lane(page, 'Summarize').locator('.count-words[data-word="summarized"] .word-short')).toBeVisible();
});
