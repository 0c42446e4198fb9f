import type { Page } from 'playwright-core';
import { SELLER } from './reserve';

/** The demo's staff (README): every demo-museum staff user has this password. */
export const STAFF_PASSWORD = 'Admit-demo-1';
export const BOX_OFFICE = 'box-office@demo-museum.test';
export const OWNER = 'owner@demo-museum.test';

/** Logs a staff member in to the demo seller's office, as they would: e-mail, password, Enter. */
export async function officeLogin(page: Page, email: string): Promise<void> {
  await page.goto(`/${SELLER}/office`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Office sections' }).waitFor();
}
