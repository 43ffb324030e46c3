import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { linkToolCalls, parseTranscript, TranscriptParseError } from '../src/core';
import { openWith } from '../src/worker/open-options';
import { SAMPLE, coreCounts, coreMessages, expectLanes, fixturePath, lane, longestMessage, maxMessagesValue, openApp, setMaxMessages, upload, useMessages, waitForExactCounts } from './support';

test('first open shows the embedded sample with a lane for every strategy', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  await expect(page.getByTestId('format')).toHaveText('Claude Code session');
  await expect(page.getByTestId('doc-stats')).toContainText(`${messages.length} messages`);
  for (const label of ['Sliding window', 'Summarize', 'Importance', 'Observation masking', 'Token budget', 'Governor']) {
    await expect(lane(page, label)).toBeVisible();
  }
  // The budget is in tokens by default; messages are one click away.
  await expect(page.getByRole('slider', { name: 'Max tokens' })).toBeVisible();
  await useMessages(page);
  await expectLanes(page, coreCounts(messages, await maxMessagesValue(page)));
  await expect(page.getByRole('slider', { name: 'Max messages' })).toHaveAttribute('max', String(messages.length));
  // The summarize lane shows its synthetic message where it lands: with a high bound only a few are summarized.
  const high = messages.length - 4;
  await setMaxMessages(page, high);
  const { summarized } = coreCounts(messages, high).summarize!;
  const insert = page.locator('[data-insert-row][data-lane="l2"]');
  await expect(insert).toContainText(`[Previous context: ${summarized} turns summarized]`);
  await expect(insert.locator('[data-lane="l2"]')).toContainText('Inserted');
  // Each fate is shown as a word too, never by colour alone, and says why on hover.
  const firstRow = page.locator('#row-0');
  await expect(firstRow.locator('[data-strategy="sliding-window"]')).toHaveText('Dropped');
  await expect(firstRow.locator('[data-strategy="sliding-window"]')).toHaveAttribute('title', 'Sliding window: dropped, older than the window.');
  // What a screen reader reads: the whole word (a narrow lane shows "Summ.", hidden from it: ShortWord).
  await expect(firstRow.locator('[data-strategy="summarize"]')).toHaveAccessibleName('Summarized');
  expect(errors).toEqual([]);
});

test('moving the budget re-runs every strategy; lane counts equal the core', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  for (const value of [0, 1, 2, 37, 150, messages.length - 1, messages.length]) {
    await setMaxMessages(page, value);
    await expectLanes(page, coreCounts(messages, value));
  }
  // The slider drives the same bound.
  const slider = page.getByRole('slider', { name: 'Max messages' });
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press('ArrowLeft');
  await expect.poll(() => maxMessagesValue(page)).toBe(messages.length - 5);
  await expectLanes(page, coreCounts(messages, messages.length - 5));
  // In tokens, the slider's far end is the whole transcript (its step once stopped it a few dozen tokens short).
  await page.getByRole('radio', { name: 'tokens' }).click();
  await expect(page.getByTestId('token-status')).toContainText('counted with', { timeout: 20_000 });
  const tokens = page.getByRole('slider', { name: 'Max tokens' });
  await tokens.focus();
  await tokens.press('End');
  await expect(page.getByRole('spinbutton', { name: 'Max tokens' })).toHaveValue((await tokens.getAttribute('max')) ?? 'no max');
});

test('hovering a tool call highlights its result; the jump control goes there', async ({ page }) => {
  await openApp(page);
  const pair = linkToolCalls(coreMessages(SAMPLE)).pairs.find((p) => p.useIndex !== p.resultIndex && p.useIndex > 3);
  expect(pair).toBeDefined();
  const { useIndex, resultIndex } = pair!;
  await page.locator(`#row-${useIndex}`).hover();
  await expect(page.locator(`#row-${resultIndex}`)).toHaveAttribute('data-linked', 'true');
  // And the other way round.
  await page.locator(`#row-${resultIndex}`).hover();
  await expect(page.locator(`#row-${useIndex}`)).toHaveAttribute('data-linked', 'true');
  // Score breakdown on hover. Once the exact counts are in: the header grows when they land, which scrolls the rows
  // under a still pointer, and a scroll closes the tooltip (as it should).
  await expect(page.getByTestId('token-status')).toContainText('counted with', { timeout: 20_000 });
  await page.locator(`#row-${useIndex} [data-score-for]`).hover();
  await expect(page.getByRole('tooltip')).toContainText('Tool bonus');
  // Open the call, then jump to its result from the details pane.
  await page.locator(`#row-${useIndex}`).dblclick();
  await page.getByRole('button', { name: `Jump to result #${resultIndex}` }).click();
  await expect(page.locator(`#row-${resultIndex}`)).toHaveAttribute('aria-selected', 'true');
});

test('parallel calls link all their partners', async ({ page }) => {
  await openApp(page);
  // One assistant turn calls three tools; the answers come back in two user messages.
  const transcript = [
    { role: 'user', content: 'look around' },
    {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'a', name: 'Read', input: { file_path: '/a' } },
        { type: 'tool_use', id: 'b', name: 'Read', input: { file_path: '/b' } },
        { type: 'tool_use', id: 'c', name: 'Bash', input: { command: 'ls' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'A' }, { type: 'tool_result', tool_use_id: 'b', content: 'B' }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: 'C' }] },
    { role: 'assistant', content: 'done' },
  ];
  await upload(page, 'parallel.json', Buffer.from(JSON.stringify(transcript)));
  await expect(page.getByTestId('file-name')).toHaveText('parallel.json');
  // Repair would merge the two user messages (the API does the same); shown as logged, they stay apart.
  await page.getByRole('button', { name: 'Repaired: 1 change' }).click();
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Repair: off' })).toBeVisible();
  await page.locator('#row-1').hover();
  await expect(page.locator('#row-2')).toHaveAttribute('data-linked', 'true');
  await expect(page.locator('#row-3')).toHaveAttribute('data-linked', 'true');
  await expect(page.locator('#row-1')).toContainText('call ×3');
  await page.locator('#row-3').hover();
  await expect(page.locator('#row-1')).toHaveAttribute('data-linked', 'true');
  await expect(page.locator('#row-2')).not.toHaveAttribute('data-linked', 'true');
  await page.locator('#row-1').dblclick();
  await expect(page.getByRole('button', { name: 'Jump to result #2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jump to result #3' })).toBeVisible();
});

test('search: / focuses it, Enter and Shift+Enter step through matches', async ({ page }) => {
  await openApp(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await expect(search).toBeFocused();
  await search.fill('defmodule SpotterWeb');
  await expect(page.getByTestId('match-count')).toHaveText(/\d+ matches/);
  const total = Number(/(\d+) matches/.exec((await page.getByTestId('match-count').textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(1);
  await search.press('Enter');
  await expect(page.getByTestId('match-count')).toHaveText(`1 / ${total}`);
  const first = await page.locator('[role="row"][aria-selected="true"]').getAttribute('data-index');
  const hits = coreMessages(SAMPLE).flatMap((m, i) => (JSON.stringify(m).toLowerCase().includes('defmodule spotterweb') ? [i] : []));
  expect(Number(first)).toBe(hits[0]);
  await search.press('Enter');
  await expect(page.getByTestId('match-count')).toHaveText(`2 / ${total}`);
  await search.press('Shift+Enter');
  await expect(page.getByTestId('match-count')).toHaveText(`1 / ${total}`);
  await expect(page.locator('[role="row"][aria-selected="true"]')).toHaveAttribute('data-index', first ?? '');
});

test('a bad file shows its error in place and keeps the old transcript', async ({ page }) => {
  await openApp(page);
  await upload(page, 'broken.json', Buffer.from('{\n  "messages": [\n    { "role": "user", "content": "hi" },,\n  ]\n}\n'));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('broken.json');
  await expect(alert).toContainText(/line 3, column \d+/);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE);
  await expect(page.locator('#row-0')).toBeVisible();
  await expect(alert).toContainText(`Still showing ${SAMPLE}`);
  // A shape no format matches: one message that says what the file looks like and what is supported.
  let message = '';
  try {
    parseTranscript('{"hello": "world"}', { fileName: 'shape.json' });
  } catch (error) {
    if (error instanceof TranscriptParseError) message = error.message;
  }
  expect(message).not.toBe('');
  await upload(page, 'shape.json', Buffer.from('{"hello": "world"}'));
  await expect(alert).toContainText('shape.json');
  await expect(alert).toContainText(message);
  await expect(alert.getByText(message)).toHaveCount(1);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE);
});

test('export a pruned transcript and import the export again', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  await setMaxMessages(page, 60);
  const expected = coreCounts(messages, 60);
  await expectLanes(page, expected);
  for (const label of ['Importance', 'Summarize']) {
    const downloadPromise = page.waitForEvent('download');
    await lane(page, label).getByRole('button', { name: `${label} lane: options, export, order` }).click();
    await page.getByRole('button', { name: `Download ${label} transcript` }).click();
    const download = await downloadPromise;
    const name = download.suggestedFilename();
    expect(name).toMatch(/\.jsonl?$/);
    const text = readFileSync(await download.path(), 'utf8');
    const reread = openWith(parseTranscript(text, { fileName: name }).conversations[0]!, {}).conversation.messages;
    await upload(page, name, Buffer.from(text));
    await expect(page.getByTestId('file-name')).toHaveText(name);
    await expect(page.getByTestId('doc-stats')).toContainText(`${reread.length} messages`);
    await openApp(page, `?again=${label}#budget=m60`);
    await expectLanes(page, expected);
  }
});

test('copy a lane transcript and one message as JSON', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  // The exact counts' own announcement ("the budget is now …") came in after a copy under load and replaced its line.
  await waitForExactCounts(page);
  await lane(page, 'Sliding window').getByRole('button', { name: 'Sliding window lane: options, export, order' }).click();
  await page.getByRole('button', { name: 'Copy Sliding window transcript' }).click();
  await expect(page.getByTestId('announcer')).toContainText('Copied the Sliding window transcript');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').filter(Boolean).length).toBeGreaterThan(10);
  await page.locator('#row-3').dblclick();
  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByTestId('announcer')).toContainText('Copied message #3 as JSON');
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { role: string };
  expect(json).toEqual(coreMessages(SAMPLE)[3]);
});

test('the detail pane shows full text behind Show more, and the raw source records', async ({ page }) => {
  await openApp(page);
  // The longest message in the sample.
  const longest = longestMessage(coreMessages(SAMPLE));
  await page.goto(`/#sel=${longest}`);
  await expect(page.locator(`#row-${longest}`)).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: `Details · #${longest}` }).click();
  const details = page.getByRole('complementary', { name: 'Message details' });
  const more = details.getByRole('button', { name: /Show more/ }).first();
  await expect(more).toBeVisible();
  await more.click();
  await expect(details.getByRole('button', { name: 'Show less' }).first()).toBeVisible();
  await details.getByRole('button', { name: 'Raw JSON' }).click();
  await expect(details).toContainText('Source record');
  await expect(details).toContainText('"sessionId"');
});

test('keyboard: j/k, g/G, Enter, ? lists the shortcuts', async ({ page }) => {
  await openApp(page);
  const count = coreMessages(SAMPLE).length;
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(page.locator('#row-1')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('G');
  await expect(page.locator(`#row-${count - 1}`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('g');
  await expect(page.locator('#row-0')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Message #0/ })).toBeFocused();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Next message');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the URL hash holds the view and survives a reload; never the transcript', async ({ page }) => {
  await openApp(page);
  await setMaxMessages(page, 42);
  await page.locator('#row-5').click();
  await page.getByRole('button', { name: /^assistant \d+/ }).click();
  await lane(page, 'Importance').getByRole('button', { name: 'Importance', exact: true }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('focus=3');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toContain('sel=5');
  expect(hash).toContain('budget=m42');
  expect(hash).toContain('role=assistant');
  expect(hash).toContain('lanes=sliding-window%2Csummarize%2Cimportance');
  expect(hash).toMatch(/fp=\w+/);
  expect(hash.length).toBeLessThan(300);
  await page.reload();
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await expect.poll(() => maxMessagesValue(page)).toBe(42);
  await expect(page.locator('#row-5')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /^assistant \d+/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(lane(page, 'Importance').getByRole('button', { name: 'Importance', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#row-0')).toHaveCount(0); // filtered: user rows hidden
});

test('filters by role, tool name and fate, with counts', async ({ page }) => {
  await openApp(page);
  const messages = coreMessages(SAMPLE);
  const users = messages.filter((m) => m.role === 'user').length;
  await page.getByRole('button', { name: /^user/ }).click();
  await expect(page.getByTestId('shown-count')).toHaveText(`${users} of ${messages.length}`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await setMaxMessages(page, 100);
  const expected = coreCounts(messages, 100);
  await expectLanes(page, expected);
  await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^Fates/ }).click();
  await page.getByRole('checkbox', { name: /^Importance: dropped/ }).check();
  await expect(page.getByTestId('shown-count')).toHaveText(`${expected.importance!.dropped} of ${messages.length}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: /^Tools/ }).click();
  await page.getByRole('checkbox', { name: /^Bash/ }).check();
  await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^\\d+ of ${messages.length}$`));
  const rows = page.locator('[role="row"][data-index]');
  await expect(rows.first()).toContainText(/Bash|→/);
});

test('dark mode follows the system, and the toggle is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await openApp(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: /^Theme: System/ }).click(); // → Light
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: /^Theme: Light/ })).toBeVisible();
  await context.close();
});

test('paste: the textarea and Load, and pasting onto the page', async ({ page }) => {
  await openApp(page);
  const text = readFileSync(fixturePath('openhands-sdk-fncall-llm-message.json'), 'utf8');
  await page.getByRole('button', { name: 'Paste…' }).click();
  await page.getByLabel('Paste transcript').fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByTestId('file-name')).toHaveText('pasted transcript');
  await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('openhands-sdk-fncall-llm-message.json').length} messages`);
  // Paste outside a field loads too.
  const short = readFileSync(fixturePath('spotter-short.jsonl'), 'utf8');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, short);
  await expect(page.getByTestId('format')).toHaveText('Claude Code session');
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('spotter-short.jsonl').length} messages`);
});

test('paste: Ctrl+Enter loads from the textarea; Escape closes the panel and gives focus back to Paste…', async ({ page }) => {
  await openApp(page);
  const paste = page.getByRole('button', { name: 'Paste…' });
  await paste.click();
  await expect(page.getByLabel('Paste transcript')).toBeFocused();
  await expect(page.locator('#paste-panel')).toContainText('Ctrl Enter loads');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Paste transcript')).toHaveCount(0);
  await expect(paste).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('Paste transcript').fill(readFileSync(fixturePath('openhands-sdk-fncall-llm-message.json'), 'utf8'));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('file-name')).toHaveText('pasted transcript');
  await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
  await expect(page.getByLabel('Paste transcript')).toHaveCount(0);
});

test.describe('on a Mac', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });

  test('paste: the hint names ⌘, and ⌘Enter loads', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Paste…' }).click();
    await expect(page.locator('#paste-panel')).toContainText('⌘ Enter loads');
    await page.getByLabel('Paste transcript').fill(readFileSync(fixturePath('openhands-sdk-fncall-llm-message.json'), 'utf8'));
    await page.keyboard.press('Meta+Enter');
    await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
  });
});

test('drag and drop a file anywhere on the page', async ({ page }) => {
  await openApp(page);
  const text = readFileSync(fixturePath('spotter-tool-heavy.jsonl'), 'utf8');
  const data = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'spotter-tool-heavy.jsonl', { type: 'application/jsonl' }));
    return dt;
  }, text);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: data });
  await expect(page.getByText('Drop a transcript to open it')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
  await expect(page.getByTestId('file-name')).toHaveText('spotter-tool-heavy.jsonl');
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('spotter-tool-heavy.jsonl').length} messages`);
});

test("pointing at Upload or dragging files in starts the next file's worker, and the file opens in it; none is made ahead otherwise", async ({ page }) => {
  const pruneWorkers: string[] = [];
  page.on('worker', (worker) => {
    if (/prune\.worker/.test(worker.url())) pruneWorkers.push(worker.url());
  });
  await openApp(page);
  await waitForExactCounts(page);
  expect(pruneWorkers).toHaveLength(1);
  // A page whose user opens no other file pays for no second worker (one used to be made 2 s after every load).
  await page.waitForTimeout(2500);
  expect(pruneWorkers).toHaveLength(1);
  await page.locator('label', { hasText: 'Upload' }).hover();
  await expect.poll(() => pruneWorkers.length).toBe(2);
  await upload(page, 'spotter-tool-heavy.jsonl');
  await expect(page.getByTestId('file-name')).toHaveText('spotter-tool-heavy.jsonl');
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('spotter-tool-heavy.jsonl').length} messages`);
  // The file opened in the worker made while it was picked.
  expect(pruneWorkers).toHaveLength(2);
  const data = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['[]'], 'empty.json', { type: 'application/json' }));
    return dt;
  });
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: data });
  await expect.poll(() => pruneWorkers.length).toBe(3);
  await page.dispatchEvent('main', 'dragleave', { dataTransfer: data });
  await expect(page.getByText('Drop a transcript to open it')).toBeHidden();
});
