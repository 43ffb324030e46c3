import { expect, test } from '@playwright/test';
import { openApp, SAMPLE } from './support';

test('a model of your own: off by default; an endpoint says where the messages would go, the key stays out of the URL and storage', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openApp(page);
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Summaries by a model of your own: off');
  const button = page.getByRole('button', { name: 'Model: off' });
  await expect(button).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'A model of your own' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Off by default: summaries are extractive and nothing leaves this page.')).toBeVisible();
  await expect(dialog.getByTestId('model-warning')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Test the endpoint' })).toBeDisabled();

  await dialog.getByLabel('Endpoint').fill('http://localhost:11434/v1');
  await dialog.getByLabel('Model', { exact: true }).fill('llama3.1');
  await dialog.getByLabel('API key').fill('sk-never-stored');
  const warning = dialog.getByTestId('model-warning');
  await expect(warning).toContainText('The messages each summary stands for will be sent to http://localhost:11434: that part of your transcript leaves this browser.');
  // The built page allows its own origin only, and says so in words.
  await expect(warning).toContainText("This page's Content-Security-Policy allows its own origin only, so the browser will refuse http://localhost:11434. Serve the inspector with PRUNESCOPE_MODEL_ORIGIN=http://localhost:11434");
  await dialog.getByText('The prompt sent with the messages').click();
  await expect(dialog.getByText('You summarize the earlier part of a conversation')).toBeVisible();

  // Typing sends nothing; the test says why it failed, and the page stays where it was.
  expect(requests.filter((url) => url.includes('11434'))).toEqual([]);
  await dialog.getByRole('button', { name: 'Test the endpoint' }).click();
  await expect(dialog.getByTestId('model-test')).toContainText("This page's Content-Security-Policy blocks http://localhost:11434.", { timeout: 15_000 });

  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain('http://localhost:11434/v1');
  expect(stored).not.toContain('sk-never-stored');
  expect(page.url()).not.toContain('sk-never-stored');
  expect(page.url()).not.toContain('11434');

  await dialog.getByLabel(/Remember the key in this browser/).check();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain('sk-never-stored');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Summaries by a model of your own: http://localhost:11434');
  // Reopened after a reload: the endpoint and the remembered key are back.
  await page.reload();
  // The keys work once the app is up (a key pressed while the page still loads has no listener yet).
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await page.keyboard.press('?');
  await page.getByRole('button', { name: 'Model: set' }).click();
  await expect(page.getByRole('dialog', { name: 'A model of your own' }).getByLabel('API key')).toHaveValue('sk-never-stored');
});
