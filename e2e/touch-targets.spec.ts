import { expect, test, type Page } from "@playwright/test";
import { addressOf, everyPage, readerDesk } from "./support/reader-fixture";
import { signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";

// Phones (issue 31, item 13): on every page, every control a finger aims at is at least 44 px tall
// (buttons also 44 px wide), and nothing is wider than a 360 px screen — signed in, so the desk's
// forms and the wallet's buttons are measured too. Links inside running text are exempt (WCAG 2.5.8's
// inline exception); links laid out as controls (not display: inline) and every link of the site header are not.
// The reader header keeps "Sign in" on its first row at 360 px; the signed-in header fits one row from 1024 px up.

const OWNER = 7;
const run = Date.now().toString(36).slice(-5);
const slug = `long-name-${run}`;
// a long outlet name: it once made /rights' outlet select (and the page) 562 px wide
const outletName = `The Extraordinarily Long-Named Regional Harbour and Waterways Gazette ${run}`;
const ids = { article: "", draft: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, outletName);
  ids.article = await desk.finalized(OWNER, slug, `Quay lights replaced ${run}`, "The **quay** lights were replaced on Friday.");
  ids.draft = await desk.draft(OWNER, slug, `Draft on moorings ${run}`, "Moorings are to be renewed.");
});

const pages = () => everyPage({ slug, article: ids.article, draft: ids.draft, author: addressOf(OWNER) });

/** Controls smaller than 44 px, described so a failure says what to fix. */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const MIN = 44 - 0.5;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !el.closest(".sr-only, [hidden], .swagger-ui");
    };
    const siteHeader = document.querySelector("header");
    const inRunningText = (el: Element) => {
      if (siteHeader?.contains(el)) return false;
      if (getComputedStyle(el).display !== "inline") return false;
      const parentText = (el.parentElement?.textContent ?? "").trim();
      return parentText.length > (el.textContent ?? "").trim().length;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll("a[href], button, select, summary, input, [role=button], [role=tab]")) {
      if (!visible(el)) continue;
      if (el instanceof HTMLInputElement && ["checkbox", "radio"].includes(el.type)) {
        const label = el.closest("label");
        if (label && label.getBoundingClientRect().height >= MIN) continue;
      } else if (el.tagName === "A" && inRunningText(el)) continue;
      const r = el.getBoundingClientRect();
      const tooNarrow = el.tagName === "BUTTON" && r.width < MIN;
      if (r.height < MIN || tooNarrow) out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });

async function settled(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
}

test("every page at 360 px: targets at least 44 px and nothing wider than the screen (signed in)", async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  for (const path of pages()) {
    await test.step(path, async () => {
      await page.goto(path);
      await settled(page);
      expect.soft(await smallTargets(page), `${path}: targets under 44 px`).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path}: page width at 360 px`).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `test-results/screenshots/targets${path === "/" ? "-home" : path.replace(/\//g, "-")}-360.png`, fullPage: true });
    });
  }
  expect(errors.filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
  await context.close();
});

test("the reader header keeps Sign in on its first row at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ["/", `/read/${ids.article}`]) {
    await page.goto(path);
    const brand = await page.getByRole("link", { name: /^Capsule/ }).first().boundingBox();
    const signIn = await page.getByTestId("reader-sign-in").boundingBox();
    const menu = await page.getByRole("button", { name: "Menu" }).boundingBox();
    expect(brand && signIn && menu, path).toBeTruthy();
    // one row: each starts above the bottom of the brand
    expect(signIn!.y, `${path}: Sign in on the first row`).toBeLessThan(brand!.y + brand!.height);
    expect(menu!.y, `${path}: Menu on the first row`).toBeLessThan(brand!.y + brand!.height);
    expect(signIn!.height).toBeGreaterThanOrEqual(43.5);
    // Menu at the right edge of the bar (16 px padding), Sign in just before it: not a Menu button alone in the middle
    expect(menu!.x + menu!.width, `${path}: Menu at the right edge`).toBeGreaterThan(360 - 16 - 2);
    expect(signIn!.x + signIn!.width, `${path}: Sign in just before Menu`).toBeLessThanOrEqual(menu!.x);
    expect(menu!.x - (signIn!.x + signIn!.width), `${path}: Sign in just before Menu`).toBeLessThan(24);
    await page.screenshot({ path: `test-results/screenshots/targets-reader-header${path === "/" ? "-home" : "-read"}-360.png` });
  }
});

test("the signed-in header fits one row from 1024 px up: the links behind Menu below 1280, in the row from 1280", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await signIn(page);
  await settled(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  // a small laptop (1024 to 1279 px) once showed the ten links and the signed-in wallet in one bar, the links wrapped onto two lines
  for (const width of [1024, 1100, 1279, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId("wallet-address")).toBeVisible();
    if (width < 1280) {
      await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();
    } else {
      await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
      await expect(nav.getByRole("link", { name: "Court" })).toBeVisible();
    }
    const rows = await page.evaluate(() => {
      const bar = document.querySelector("body header > div");
      const navItems = [...document.querySelectorAll("#site-nav li")].filter((li) => li.getBoundingClientRect().height > 0).map((li) => Math.round(li.getBoundingClientRect().top));
      const items = bar ? [...bar.children].flatMap((c) => (getComputedStyle(c).display === "contents" ? [...c.children] : [c])) : [];
      const children = items.filter((c) => c.getBoundingClientRect().height > 0).map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2));
      return { navTops: [...new Set(navItems)], centres: children };
    });
    expect(rows.navTops.length, `the navigation links on at most one line at ${width} px`).toBeLessThanOrEqual(1);
    expect(Math.max(...rows.centres) - Math.min(...rows.centres), `brand, navigation and wallet on one row at ${width} px (${rows.centres.join(", ")})`).toBeLessThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
    await page.locator("body header").first().screenshot({ path: `test-results/screenshots/targets-signed-in-header-${width}.png` });
  }
});

test("the signed-in header lays out in one row at 768 px and two at 360, the links behind Menu", async ({ page }) => {
  await installTestWallet(page, OWNER);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/newsroom");
  await signIn(page);
  await settled(page);
  // the rows of the header bar: its visible parts grouped by where their middles sit
  const rowsOf = () =>
    page.evaluate(() => {
      const bar = document.querySelector("body header > div");
      // the navigation's wrapper is display: contents; its Menu button and list are the bar's items
      const items = bar ? [...bar.children].flatMap((c) => (getComputedStyle(c).display === "contents" ? [...c.children] : [c])) : [];
      const centres = items.filter((c) => c.getBoundingClientRect().height > 0).map((c) => c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2);
      const rows: number[] = [];
      for (const centre of centres.sort((a, b) => a - b)) if (rows.every((row) => Math.abs(row - centre) > 12)) rows.push(centre);
      return rows.length;
    });
  for (const [width, rows] of [[768, 1], [360, 2], [1280, 1]] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId("wallet-address")).toBeVisible();
    expect(await rowsOf(), `rows of the header at ${width} px`).toBe(rows);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
    if (width < 1280) await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await page.locator("body header").first().screenshot({ path: `test-results/screenshots/header-signed-in-${width}.png` });
  }
  // opened at 768 px, the links are one list under the bar, every one a full touch target
  await page.setViewportSize({ width: 768, height: 800 });
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const court = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Court" });
  await expect(court).toBeVisible();
  expect((await court.boundingBox())?.height).toBeGreaterThanOrEqual(43.5);
  await page.screenshot({ path: "test-results/screenshots/header-menu-open-768.png" });
});
