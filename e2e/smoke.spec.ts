import { expect, test } from '@playwright/test';

test('the built app opens and renders its heading', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'prunescope' })).toBeVisible();
  expect(errors).toEqual([]);
});
