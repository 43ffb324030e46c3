/**
 * Helpers for the inspector's e2e tests: reading the page as a user sees it, and the core run in Node to say what
 * the page should show. The page opens a conversation the way the worker does (`openWith`: the scope, then repair),
 * so the expected messages are computed the same way.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { analyzeTranscript, parseTranscript, planPrune, pruneMessages, type Message, type StrategyId } from '../src/core';
import { openWith, type OpenOptions } from '../src/worker/open-options';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const SAMPLE = 'spotter-session.jsonl';

/** The seed's three strategies, the lanes whose counts depend only on the message bound (not on token counts). */
export const LANES: readonly { strategy: StrategyId; label: string }[] = [
  { strategy: 'sliding-window', label: 'Sliding window' },
  { strategy: 'summarize', label: 'Summarize' },
  { strategy: 'importance', label: 'Importance' },
];

/** The six lanes a first open shows, by label. */
export const DEFAULT_LANE_LABELS = ['Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor'] as const;

export interface LaneCounts {
  kept: number;
  dropped: number;
  summarized: number;
}

export function fixturePath(name: string): string {
  return `${FIXTURES}${name}`;
}

const openedCache = new Map<string, Message[]>();

/** The messages the inspector shows for a fixture: parsed by the core, opened as the worker opens them. */
export function coreMessages(name: string, conversation = 0, open: OpenOptions = {}): Message[] {
  const key = `${name}#${conversation}#${JSON.stringify(open)}`;
  let messages = openedCache.get(key);
  if (!messages) {
    const parsed = parseTranscript(readFileSync(fixturePath(name), 'utf8'), { fileName: name });
    const whole = parsed.conversations[conversation];
    messages = whole ? openWith(whole, open).conversation.messages : [];
    openedCache.set(key, messages);
  }
  return messages;
}

/** The index of the message with the most JSON (the one "Show more" is surely needed for). */
export function longestMessage(messages: Message[]): number {
  let longest = 0;
  messages.forEach((m, i) => {
    if (JSON.stringify(m).length > JSON.stringify(messages[longest]).length) longest = i;
  });
  return longest;
}

/** What each seed lane should say at a message bound, from the core: planPrune, cross-checked against pruneMessages. */
export function coreCounts(messages: Message[], maxTurns: number): Record<string, LaneCounts> {
  const analysis = analyzeTranscript(messages);
  const out: Record<string, LaneCounts> = {};
  for (const { strategy } of LANES) {
    const plan = planPrune(analysis, { strategy, maxTurns } as never);
    const pruned = pruneMessages(messages, { strategy, maxTurns } as never);
    expect(pruned.length, `${strategy} @ ${maxTurns}: pruneMessages agrees with planPrune`).toBe(plan.kept + plan.inserts.length);
    out[strategy] = { kept: plan.kept, dropped: plan.dropped, summarized: plan.summarized };
  }
  return out;
}

function number(text: string, word: string): number {
  // A lane leaves out a count of zero (only "kept" is always there).
  const match = new RegExp(`([\\d,]+) ${word}`).exec(text);
  return match ? Number((match[1] ?? '').replace(/,/g, '')) : 0;
}

/** How many messages a lane's counts line (its `lane-counts`, "1,234 kept · …") says it keeps. */
export function laneKept(counts: string): number {
  return number(counts, 'kept');
}

export function lane(page: Page, label: string) {
  return page.getByRole('region', { name: label, exact: true });
}

/** The lanes on screen, one region each. */
export function laneRegions(page: Page): Locator {
  return page.locator('section[role="region"][data-lane]');
}

/**
 * Opens Add lane's panel by the toolbar's button (the one that says whether its panel is open; the panel's own submit
 * button has the same name) and returns the panel once it shows. One click: a panel that fails to show fails the
 * journey rather than being clicked again.
 */
export async function openAddLane(page: Page): Promise<Locator> {
  await page.locator('button[aria-label="Add lane"][aria-expanded]').click();
  const panel = page.getByRole('group', { name: 'Add a lane' });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Adds a lane as a person does: Add lane, the strategy picked by its label (the panel's first choice without one),
 * fields filled by label, then the panel's Add lane; returns once the panel has closed and the lane is on screen.
 */
export async function addLane(page: Page, strategy?: string, fields: Readonly<Record<string, string>> = {}): Promise<void> {
  const start = await laneRegions(page).count();
  const panel = await openAddLane(page);
  if (strategy !== undefined) await panel.getByLabel('Strategy').selectOption({ label: strategy });
  for (const [label, value] of Object.entries(fields)) await panel.getByLabel(label).fill(value);
  await panel.getByRole('button', { name: 'Add lane' }).click();
  await expect(panel).toBeHidden();
  await expect(laneRegions(page)).toHaveCount(start + 1);
}

export async function laneCounts(page: Page): Promise<Record<string, LaneCounts>> {
  const out: Record<string, LaneCounts> = {};
  for (const { strategy, label } of LANES) {
    const region = lane(page, label);
    if ((await region.getAttribute('aria-busy')) === 'true') return {};
    const text = (await region.getByTestId('lane-counts').textContent()) ?? '';
    out[strategy] = { kept: laneKept(text), dropped: number(text, 'dropped'), summarized: number(text, 'summarized') };
  }
  return out;
}

export async function expectLanes(page: Page, expected: Record<string, LaneCounts>): Promise<void> {
  await expect.poll(() => laneCounts(page), { timeout: 15_000 }).toEqual(expected);
}

/** The first-run explainer, as if the user had read and dismissed it (tests about it open the page without this). */
export async function skipExplainer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('prunescope.explainer-dismissed', '1');
    } catch {
      // no storage: the explainer shows, and the test says so
    }
  });
}

export async function openApp(page: Page, hash = '', { explainer = false }: { explainer?: boolean } = {}): Promise<void> {
  if (!explainer) await skipExplainer(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await expect(page.locator('[role="row"][data-index]').first()).toBeVisible();
}

/** The exact token counts are in (the first paint uses the estimate; figures that depend on tokens move after). */
export async function waitForExactCounts(page: Page): Promise<void> {
  await expect(page.getByTestId('token-status')).toHaveText(/counted with/, { timeout: 30_000 });
}

export async function upload(page: Page, name: string, buffer?: Buffer): Promise<void> {
  const input = page.getByLabel('Upload transcript');
  if (buffer) await input.setInputFiles({ name, mimeType: 'application/json', buffer });
  else await input.setInputFiles(fixturePath(name));
}

/** Select message `index` from the URL and open it in the details with Enter, as the keys table says. */
export async function openMessage(page: Page, index: number): Promise<void> {
  await page.goto(`/#sel=${index}`);
  await expect(page.locator(`#row-${index}`)).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await page.getByRole('grid', { name: 'Timeline' }).press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(`Message #${index}\\b`) })).toBeFocused();
}

/** Switch the shared budget to messages (the seed's `maxTurns`). */
export async function useMessages(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Budget unit' }).getByRole('radio', { name: 'messages' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Max messages' })).toBeVisible();
}

export async function maxMessagesValue(page: Page): Promise<number> {
  return Number(await page.getByRole('spinbutton', { name: 'Max messages' }).inputValue());
}

export async function setMaxMessages(page: Page, value: number): Promise<void> {
  if (!(await page.getByRole('spinbutton', { name: 'Max messages' }).isVisible())) await useMessages(page);
  const box = page.getByRole('spinbutton', { name: 'Max messages' });
  await box.fill(String(value));
  await expect(box).toHaveValue(String(value));
}

/**
 * Message rows a person can read whole: inside the timeline's scrolling area, below its column labels and above its
 * bottom edge (a horizontal scrollbar excluded).
 */
export async function visibleRowCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[role="row"][data-index]')];
    const first = rows[0];
    if (!first) return 0;
    let scroller: HTMLElement | null = first.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (!scroller) return 0;
    const box = scroller.getBoundingClientRect();
    const labels = document.querySelector('[role="grid"] [role="row"][aria-rowindex="1"]')?.getBoundingClientRect();
    const top = Math.max(box.top + scroller.clientTop, labels?.bottom ?? -Infinity);
    const bottom = Math.min(box.top + scroller.clientTop + scroller.clientHeight, window.innerHeight);
    return rows.filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    }).length;
  });
}

/** The row `index` is selected and wholly inside the timeline's scrolling area. */
export async function expectRowFullyInView(page: Page, index: number): Promise<void> {
  const row = page.locator(`#row-${index}`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() =>
      row.evaluate((el) => {
        let scroller: HTMLElement | null = el.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
        if (!scroller) return false;
        const box = scroller.getBoundingClientRect();
        const labels = document.querySelector('[role="grid"] [role="row"][aria-rowindex="1"]')?.getBoundingClientRect();
        const top = Math.max(box.top + scroller.clientTop, labels?.bottom ?? -Infinity);
        const bottom = box.top + scroller.clientTop + scroller.clientHeight;
        const r = el.getBoundingClientRect();
        return r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
      }),
    )
    .toBe(true);
}

/** axe (WCAG 2.1 A and AA, and its best practices): no serious or critical violation; `rules` must not fail at all. */
export async function expectAccessible(page: Page, { include, rules = [] }: { include?: string; rules?: string[] } = {}): Promise<void> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the frames' results,
  // and the app has no frames to merge. Half the time of each check (7.3 → 3.6 s on the sample's timeline, loaded).
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const failing = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || rules.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.slice(0, 200) ?? ''}`);
  expect(failing).toEqual([]);
}
