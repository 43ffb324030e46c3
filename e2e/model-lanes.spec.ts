import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { answerBody, startModelServer, type ModelServer } from '../test/support/model-server';
import { contentSecurityPolicy } from '../scripts/content-security-policy';
import { findProbes } from '../src/core';
import { SAMPLE, coreCounts, coreMessages, setMaxMessages, skipExplainer } from './support';

/**
 * A model of the user's own writes the lanes' summaries: the spec starts a model endpoint on localhost (canned
 * answers, never the internet) and serves the built inspector the way `PRUNESCOPE_MODEL_ORIGIN=<that origin>` would
 * (its Content-Security-Policy allows exactly that origin), then walks the journey through the Model dialog.
 */
const APP = fileURLToPath(new URL('../dist/app/', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.jsonl': 'application/jsonl',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
  '.txt': 'text/plain',
};

/** The built inspector, with the policy a build for `modelOrigin` has, in its meta tag and as a header (workers). */
async function serveApp(modelOrigin: string): Promise<{ origin: string; close(): Promise<void> }> {
  const policy = contentSecurityPolicy(modelOrigin);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(APP, path.endsWith('/') ? `${path}index.html` : path);
      try {
        let body: Buffer | string = await readFile(file);
        if (file.endsWith('index.html')) body = body.toString('utf8').replace(/(http-equiv="Content-Security-Policy" content=")[^"]*"/, `$1${policy}"`);
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': policy }).end(body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let model: ModelServer;
let app: Awaited<ReturnType<typeof serveApp>>;
test.beforeAll(async () => {
  model = await startModelServer();
  app = await serveApp(model.origin);
});
test.afterAll(async () => {
  await app.close();
  await model.close();
});

const SUMMARY = 'MODEL SUMMARY: the agent read the spotter sources and fixed the failing test.';

/** Screenshots of the state on screen at three widths, light and dark, when `MODEL_LANES_SHOTS` names a folder. */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.MODEL_LANES_SHOTS;
  if (!folder) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${folder}/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function configure(page: Page, name: string, lanes: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('button', { name: /^Model: / }).click();
  const dialog = page.getByRole('dialog', { name: 'A model of your own' });
  await dialog.getByLabel('Endpoint').fill(`${model.origin}/v1`);
  await dialog.getByLabel('Model', { exact: true }).fill(name);
  const use = dialog.getByLabel('Write the lanes’ summaries with this model');
  if (lanes) await use.check();
  await expect(dialog.getByTestId('model-warning')).toContainText(`This page's Content-Security-Policy allows ${model.origin}.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' }).click();
}

test("a lane's summary is replaced by the model's, and a failure says why and keeps the extractive one", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(app.origin) && !url.startsWith(model.origin) && !url.startsWith('data:')) elsewhere.push(url);
  });
  await skipExplainer(page);
  await page.goto(`${app.origin}/`);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  const messages = coreMessages(SAMPLE);
  const high = messages.length - 4;
  await setMaxMessages(page, high);
  const { summarized } = coreCounts(messages, high).summarize!;
  const row = page.locator('[data-insert-row][data-lane="l2"]');
  await expect(row).toContainText(`[Previous context: ${summarized} turns summarized]`);
  const extractive = (await row.textContent()) ?? '';

  // Entering an endpoint alone sends nothing: the lanes use it only when asked to.
  await configure(page, 'tiny-test', false);
  await page.waitForTimeout(900);
  expect(model.received).toEqual([]);

  // Every answer takes a while (closing the dialogs is slow on a busy machine), so the row can be seen asking.
  model.script(...Array.from({ length: 12 }, () => ({ kind: 'json' as const, body: answerBody('openai-chat', SUMMARY), delayMs: process.env.MODEL_LANES_SHOTS ? 8_000 : 5_000 })));
  await configure(page, 'tiny-test', true);
  await expect(row.getByRole('status')).toHaveText('summarizing with tiny-test…', { timeout: 15_000 });
  await shots(page, 'asking');
  await expect(row).toContainText(SUMMARY, { timeout: 20_000 });
  await expect(row).toContainText(`[Previous context: ${summarized} turns summarized]`);
  await expect(row).toContainText('by tiny-test');
  await expect(page.getByRole('region', { name: 'Summarize', exact: true })).toContainText('by tiny-test');
  await shots(page, 'answered');
  // What was sent: the messages the summary stands for, to the endpoint entered, and nowhere else.
  const first = model.received[0];
  expect(first?.path).toBe('/v1/chat/completions');
  expect(first?.body.model).toBe('tiny-test');
  expect(JSON.stringify(first?.body)).toContain(`Summarize these ${summarized} messages.`);

  // Another model that the endpoint does not know: the reason is on the row, the extractive text is back.
  model.reset();
  model.script(...Array.from({ length: 12 }, () => ({ kind: 'json' as const, status: 404, body: { error: { message: 'model tiny-missing not found' } } })));
  await configure(page, 'tiny-missing', true);
  await expect(row.getByRole('status')).toContainText('⚠ tiny-missing failed: HTTP 404', { timeout: 15_000 });
  await expect(row.getByRole('status')).toContainText('model tiny-missing not found');
  await expect(row).not.toContainText(SUMMARY);
  // The row has room for a few words: the whole reason is said above the timeline, naming the lane.
  await expect(page.getByTestId('model-notice')).toContainText('⚠ tiny-missing could not write the summary of Summarize');
  await expect(page.getByTestId('model-notice')).toContainText('model tiny-missing not found');
  await expect(page.getByTestId('model-notice')).toContainText('The extractive summary is kept.');
  // Polled: the row's text can land a frame after the notice (a CI run read it too soon).
  await expect(row).toContainText(extractive.slice(extractive.indexOf('[Previous context'), extractive.indexOf('[Previous context') + 60));
  await shots(page, 'failed');
  await page.getByTestId('model-notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('model-notice')).toHaveCount(0);
  expect(elsewhere).toEqual([]);
});

test('a lane asks the model what it lost: the questions are shown first, then per probe the rule and the model side by side', async ({ page }) => {
  await skipExplainer(page);
  await page.goto(`${app.origin}/`);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await setMaxMessages(page, 20);
  await configure(page, 'tiny-test', false);
  model.reset();

  await page.getByRole('button', { name: 'Sliding window lane: options, export, order' }).click();
  await page.getByRole('button', { name: 'Ask your model what it lost…' }).click();
  const dialog = page.getByRole('dialog', { name: 'What Sliding window lost, asked of your model' });
  await expect(dialog.getByRole('list').getByText('What did the user first ask the agent to do? Quote the opening words of that request.')).toBeVisible();
  await expect(dialog.getByRole('note')).toContainText(`holding this transcript to ${model.origin} (tiny-test)`);
  // Shown, not sent.
  await page.waitForTimeout(500);
  expect(model.received).toEqual([]);

  // The whole transcript's answer to the first question (the task) quotes it; every other answer states nothing.
  const task = findProbes(coreMessages(SAMPLE)).find((p) => p.kind === 'task');
  model.script(
    { kind: 'json', body: answerBody('openai-chat', `"${task?.fact ?? ''}"`) },
    ...Array.from({ length: 11 }, () => ({ kind: 'json' as const, body: answerBody('openai-chat', 'not in the conversation') })),
  );
  await dialog.getByRole('button', { name: `Send to ${model.origin}` }).click();
  await expect(dialog.getByTestId('probe-status')).toHaveText(/^Done: \d+ requests\.$/, { timeout: 20_000 });
  const taskRow = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'task', exact: true }) });
  await expect(taskRow.getByRole('cell').nth(3)).toHaveText('lost');
  await expect(dialog.getByTestId('probe-losses')).toContainText("by tiny-test's answers: 100.0%");
  await shots(page, 'probes');

  // Stop: answers 0.8 s apart, stopped early; without Stop a request would reach the model every 0.8 s, with it
  // none does after it (the one on its way is aborted).
  model.reset();
  model.script(...Array.from({ length: 24 }, (_, k) => ({ kind: 'json' as const, body: answerBody('openai-chat', 'not in the conversation'), delayMs: k === 0 ? 0 : 800 })));
  await dialog.getByRole('button', { name: `Send to ${model.origin}` }).click();
  await expect(dialog.getByTestId('probe-status')).toHaveText(/^Asked [1-9]\d* of \d+…$/, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog.getByTestId('probe-status')).toHaveText(/^Stopped after \d+ of \d+; nothing more is sent\.$/);
  await expect(dialog.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await shots(page, 'probes-stopped');
  const sent = model.received.length;
  await page.waitForTimeout(2_500);
  expect(model.received.length).toBe(sent);
  await expect(dialog.getByRole('button', { name: `Send to ${model.origin}` })).toBeEnabled();

  // A failing endpoint: the reason is said, in the dialog.
  model.reset();
  model.script(...Array.from({ length: 3 }, () => ({ kind: 'json' as const, status: 401, body: { error: { message: 'invalid api key' } } })));
  await dialog.getByRole('button', { name: `Send to ${model.origin}` }).click();
  await expect(dialog.getByRole('alert')).toContainText('invalid api key');
});
