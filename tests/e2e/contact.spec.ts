import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { islandsReady, serviceClient } from './helpers';

const ERROR = 'Failed to submit your message. Please try again.';

async function fill(page: Page, subject: string, phone = '') {
  await page.getByLabel('First Name', { exact: true }).fill('Pema');
  await page.getByLabel('Last Name', { exact: true }).fill('Sherpa');
  await page.getByLabel('Email', { exact: true }).fill('pema@mail.example');
  await page.getByLabel(/Phone/).fill(phone);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Do you have a stupa view room free in March?');
}

async function expectFieldsKept(page: Page, subject: string) {
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Pema');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Sherpa');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('pema@mail.example');
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(subject);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Do you have a stupa view room free in March?');
}

test.describe('contact form', () => {
  test('a message is stored and the browser lands on /thank-you/', async ({ page }) => {
    const subject = `Booking ${randomUUID()}`;
    await page.goto('/contact/');
    await islandsReady(page);
    await fill(page, subject);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL('/thank-you/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { data } = await serviceClient().from('contact_submissions').select().eq('subject', subject);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ first_name: 'Pema', last_name: 'Sherpa', phone: null, status: 'unread' });
  });

  test('shows Sending... with the button disabled while sending', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/contact_submissions', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '{}' });
    });
    await page.goto('/contact/');
    await islandsReady(page);
    await fill(page, 'Slow network');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  for (const [name, fault] of [
    ['answers 500', { status: 500 }],
    ['is down', 'abort'],
  ] as const) {
    test(`when the REST endpoint ${name}, the toast shows and every field keeps its value`, async ({ page }) => {
      const subject = `Fault ${randomUUID()}`;
      await page.route('**/rest/v1/contact_submissions', (route) =>
        fault === 'abort'
          ? route.abort('connectionrefused')
          : route.fulfill({ status: fault.status, body: '{"message":"boom"}' }),
      );
      await page.goto('/contact/');
      await islandsReady(page);
      await fill(page, subject, '+977 98');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText(ERROR)).toBeVisible();
      await expect(page).toHaveURL('/contact/');
      await expectFieldsKept(page, subject);
      await expect(page.getByLabel(/Phone/)).toHaveValue('+977 98');
    });
  }

  test('the browser refuses to send without the required fields', async ({ page }) => {
    let posted = false;
    await page.route('**/rest/v1/contact_submissions', (route) => {
      posted = true;
      return route.fulfill({ status: 201 });
    });
    await page.goto('/contact/');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL('/contact/');
    expect(
      await page.getByLabel('First Name', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    expect(
      await page.getByLabel('Email', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
    ).toBe(true);
    expect(posted).toBe(false);
  });

  test('a bot that fills the honeypot is thanked and nothing is stored', async ({ page }) => {
    const subject = `Bot ${randomUUID()}`;
    await page.goto('/contact/');
    await islandsReady(page);
    await fill(page, subject);
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL('/thank-you/');
    const { data } = await serviceClient().from('contact_submissions').select().eq('subject', subject);
    expect(data).toEqual([]);
  });

  test('every quick action card acts', async ({ page }) => {
    await page.goto('/contact/');
    await islandsReady(page);
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:/);
    await expect(actions.getByRole('link', { name: 'Write an email' })).toHaveAttribute('href', /^mailto:/);
    await expect(actions.getByRole('link', { name: /Open the map/ })).toHaveAttribute('href', /27\.7211.*85\.3611/);
    await expect(actions.getByRole('link', { name: /Book Now/ })).toHaveAttribute('target', '_blank');
  });
});
