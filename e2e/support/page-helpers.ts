import { expect, type Page } from "@playwright/test";
import { TEST_WALLET_NAME } from "./test-wallet";

/** Collects console errors and uncaught page errors; a spec asserts the list stays empty. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Connects the injected test wallet and signs in once (Sign-In with Ethereum session key). */
export async function signIn(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** A full-page screenshot under test-results/screenshots/. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** The same page at phone width (390 px), then back to the previous viewport. */
export async function phoneShot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  if (size) await page.setViewportSize(size);
}
