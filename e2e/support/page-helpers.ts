import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { installTestWallet, TEST_WALLET_NAME } from "./test-wallet";

export type Actor = { context: BrowserContext; page: Page; errors: string[] };

/**
 * The people of a multi-browser spec: `open` gives one a browser context of its own (1280 px) with the test wallet of
 * `key` installed and its console watched; `list` holds them in the order opened. Called at a spec's top level, it
 * also checks after each test that no one's console logged an error, and closes their contexts after the last test.
 */
export function actorCast() {
  const list: Actor[] = [];
  test.afterEach(() => {
    for (const actor of list) expect(actor.errors, "console errors").toEqual([]);
  });
  test.afterAll(async () => {
    for (const actor of list) await actor.context.close();
  });
  return {
    list,
    async open(browser: Browser, key: number | Hex): Promise<Actor> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await installTestWallet(page, key);
      const actor = { context, page, errors };
      list.push(actor);
      return actor;
    },
  };
}

/** Collects console errors and uncaught page errors; a spec asserts the list stays empty. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Connects the injected test wallet and signs in once (Sign-In with Ethereum session key); a page that is
 * already signed in (the session is per browser, so a second page of the same context is) is left as it is.
 *
 * Why this is a loop over the header's state: right after a page loads, the server-rendered "Connect wallet"
 * button is on screen before React has hydrated it, and wagmi's reconnect-on-mount then briefly sets the
 * connection to "connecting" (it asks every connector whether it is authorized — through the test wallet's
 * bridge to this process, slow on a loaded machine), which unmounts the wallet menu, and may end signed in
 * with the browser's session. A click in either window opens nothing, or the button it aimed at is gone.
 * So each pass looks at what the header shows now and takes the next step from there.
 */
export async function signIn(page: Page): Promise<void> {
  const walletButton = page.getByRole("button", { name: TEST_WALLET_NAME });
  const signInButton = page.getByRole("button", { name: "Sign in", exact: true });
  const signOut = page.getByRole("button", { name: "Sign out" });
  await expect(async () => {
    if (await signOut.isVisible()) return;
    if (await signInButton.isVisible()) {
      await signInButton.click({ timeout: 3_000 });
      await expect(signOut).toBeVisible({ timeout: 15_000 });
      return;
    }
    if (!(await walletButton.isVisible())) await page.getByRole("button", { name: "Connect wallet" }).click({ timeout: 5_000 });
    await walletButton.click({ timeout: 3_000 });
    await expect(signInButton.or(signOut)).toBeVisible({ timeout: 5_000 });
    throw new Error("connected; signing in on the next pass");
  }).toPass({ timeout: 60_000 });
  await expect(signOut).toBeVisible();
}

/** Opens `path` with the test wallet holding `key` and signs in there. */
export async function signedInAt(page: Page, key: number | Hex, path: string): Promise<void> {
  await installTestWallet(page, key);
  await page.goto(path);
  await signIn(page);
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

/** At 360 px the page is no wider than the screen (nothing scrolls sideways); the viewport is restored. */
export async function expectNoOverflowAt360(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (size) await page.setViewportSize(size);
}

/**
 * axe on the page, run with axe.run in the page itself (axe's "legacy mode") rather than @axe-core/playwright's default,
 * which injects axe into every frame, then opens a blank page in the test's context, injects axe there too and
 * finishes the run in it: that detour cost 1.5–4 s a call on two loaded cores against 1.3–2 s, over some 250 calls
 * a run. The findings are the same, same-origin iframes' included (axe reaches them itself); the pages have no
 * cross-origin frames, the one thing only the default reaches.
 */
export const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** Serious and critical axe findings (WCAG 2.1 A/AA and best practice), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
}

/** Screenshots (`<prefix>-<name>-<width>`) and axe at 1280 and 360 px; nothing scrolls sideways at 360. */
export async function bothWidths(page: Page, name: string, prefix = "round-two"): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // after a client-side navigation the new page's <title> is put in place a moment after its content
    await expect.poll(() => page.title(), { message: `${name} has a title` }).not.toBe("");
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `${prefix}-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Selects the first occurrence of `text` in the body's textarea, as a mouse drag would. */
export async function selectInBody(page: Page, text: string) {
  await page.locator("#draft-body").evaluate((area, wanted) => {
    const el = area as HTMLTextAreaElement;
    const start = el.value.indexOf(wanted);
    el.focus();
    el.setSelectionRange(start, start + wanted.length);
  }, text);
}
