import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { devKeys } from "@/test/support/anvil";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { juryChain } from "./support/jury-chain";
import { privateKeyToAccount } from "viem/accounts";
import { axeOf, shot, signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet, TEST_WALLET_NAME } from "./support/test-wallet";

// Phones and keyboards (issue 13, item 7) on every page of the dashboard: nothing wider than a
// 360 px screen, no serious or critical axe-core violation (WCAG 2.1 A/AA rules) at 360 and 1280 px,
// the skip link, the menu button, and where focus goes after navigating and after signing in.

const OWNER = 3; // outlet owner and journalist of the fixture's finalized capsule
const BONDED = 5; // bonded reader who disputes it
const stamp = Date.now().toString(36);
let fixture: CourtFixture;
let caseId = "";
let draftId = "";

// One fixture per stack: a retried worker reads it back instead of opening a second jury case.
const fixtureFile = path.resolve("test-results", "a11y-fixture.json");

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const saved = fs.existsSync(fixtureFile) ? (JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as { baseUrl: string; fixture: CourtFixture; caseId: string; draftId: string }) : undefined;
  if (saved && saved.baseUrl === process.env.CAPSULE_E2E_BASE_URL) {
    ({ fixture, caseId, draftId } = saved);
    return;
  }
  const desk = courtDesk();
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: BONDED, slug: `a11y-${stamp}`, outletName: "The Access Gazette", title: `Ferry timetable changes ${stamp}` });
  // an open jury case: its pool is seated for the opening and leaves at once (nothing is decided here)
  const jury = juryChain();
  const bench = await jury.seatBench(`a11y-bench-${stamp}`);
  const disputer = { key: devKeys[BONDED]!, address: privateKeyToAccount(devKeys[BONDED]!).address };
  const opened = await jury.dispute(disputer, fixture.capsuleId, { grounds: "The timetable quoted is last year's; the operator published a new one in May.", requestedLabel: "misleading" });
  await bench.leave();
  caseId = opened.case.caseId;
  const draft = await desk.api.call(
    capsuleCreate,
    {
      body: {
        title: `Draft with a table ${stamp}`,
        body: "# Heading one\n\n| Route | Minutes |\n| --- | --: |\n| Harbour to island, by the long way round the northern breakwater | 45 |\n\nA note.[^1]\n\n[^1]: From the operator.\n\n![Pixel](https://tracker.example/p.gif)",
        outletSlug: fixture.outletSlug,
        category: "local",
        tags: ["ferry"],
        status: "draft",
      },
    },
    devKeys[OWNER],
  );
  draftId = draft.capsuleId;
  fs.writeFileSync(fixtureFile, JSON.stringify({ baseUrl: process.env.CAPSULE_E2E_BASE_URL, fixture, caseId, draftId }));
});

const pages = () => [
  "/",
  "/network",
  "/inbox",
  "/bonds",
  "/newsroom",
  "/outlets",
  `/outlets/${fixture.outletSlug}`,
  "/court",
  `/court/${caseId}`,
  "/distribution",
  "/rights",
  "/bounties",
  "/burn",
  "/operator",
  "/operator/webhooks",
  "/docs/api",
  "/capsules/new",
  `/capsules/${fixture.capsuleId}`,
  `/capsules/${fixture.capsuleId}/history`,
  `/capsules/${fixture.capsuleId}/dispute`,
  `/capsules/${draftId}`,
  `/capsules/${draftId}/edit`,
  `/read/${fixture.capsuleId}`,
  "/no-such-page",
];

async function settled(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** The innermost elements that reach past the right edge (what to fix when a page is too wide). */
const tooWide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`),
  );

async function seriousViolations(page: Page) {
  // the API reference's Swagger UI markup is checked too (its colours and nesting are fixed by our CSS and its config)
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
}

test("every page fits a 360 px screen, has one <h1>, a skip link, and no serious or critical axe violation", async ({ browser }) => {
  test.setTimeout(600_000);
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    for (const path of pages()) {
      await test.step(`${path} at ${width} px`, async () => {
        await page.goto(path);
        await settled(page);
        expect.soft(await page.getByRole("heading", { level: 1 }).count(), `${path}: exactly one level-1 heading`).toBe(1);
        await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
        if (width === 360) {
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(scroll, `${path}: page ${scroll} px wide at 360 px; too wide: ${(await tooWide(page)).join(", ")}`).toBeLessThanOrEqual(360);
        }
        expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
        await shot(page, `a11y${path === "/" ? "-home" : path.replace(/\//g, "-")}-${width}`);
      });
    }
    expect(errors.filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
    await context.close();
  }
});

test("the skip link is the first Tab stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/outlets");
  await settled(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
  // the next Tab stop is inside the main content, past the header and its navigation
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("below 1280 px the navigation sits behind a menu button that opens, closes with Escape and hands focus back", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/outlets");
  await settled(page);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Court" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Outlets" })).toHaveAttribute("aria-current", "page");
  await shot(page, "a11y-menu-open-360");
  // Tab walks into the links; Escape from a link closes the menu and focus returns to the button
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Network" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();

  // following a link closes the menu and focus lands on the new page's heading
  await page.keyboard.press("Enter");
  await nav.getByRole("link", { name: "Court" }).click();
  await expect(page.getByRole("heading", { name: "Integrity court", level: 1 })).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // a tablet (768 px) and a small laptop (1100 px) still have the menu button; from 1280 px up there is none and the links are always shown
  for (const width of [768, 1100]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole("link", { name: "Court" })).toBeVisible();
});

test("after client navigation focus moves to the new page's main heading", async ({ page }) => {
  await page.goto("/");
  await settled(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [link, heading] of [
    ["Outlets", "Outlets"],
    ["Burn pool", "Burn pool"],
    ["Bounties", "Bounties"],
  ] as const) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { name: heading, level: 1, exact: true })).toBeFocused();
  }
  // a link inside a page too
  await page.goto(`/capsules/${fixture.capsuleId}`);
  await settled(page);
  await page.getByRole("link", { name: "Revision history" }).click();
  await expect(page.getByRole("heading", { name: "Revision history", level: 1 })).toBeFocused();
});

test("choosing a wallet puts focus on Sign in; signing in puts it on the main heading", async ({ page }) => {
  await installTestWallet(page, OWNER);
  await page.goto("/newsroom");
  await settled(page);
  await expect(page.getByTestId("newsroom-connect")).toContainText("Connect your wallet from the page header");
  const walletButton = page.getByRole("button", { name: TEST_WALLET_NAME });
  await expect(async () => {
    if (!(await walletButton.isVisible())) await page.getByRole("button", { name: "Connect wallet" }).click({ timeout: 5_000 });
    await expect(walletButton).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  // Escape closes the wallet menu and returns focus to its button
  await page.keyboard.press("Escape");
  await expect(walletButton).toBeHidden();
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeFocused();
  await page.keyboard.press("Enter");
  await walletButton.click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newsroom", level: 1 })).toBeFocused();
});

test("the wallet menu opens inside the screen at 360 and 1280 px", async ({ page }) => {
  await installTestWallet(page, OWNER);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/newsroom");
    await settled(page);
    const walletButton = page.getByRole("button", { name: TEST_WALLET_NAME });
    await expect(async () => {
      if (!(await walletButton.isVisible())) await page.getByRole("button", { name: "Connect wallet" }).click({ timeout: 5_000 });
      await expect(walletButton).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    const box = await page.locator("#connect-menu").boundingBox();
    expect(box, `the wallet menu at ${width} px`).not.toBeNull();
    expect(box!.x, `the wallet menu's left edge at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `the wallet menu's right edge at ${width} px`).toBeLessThanOrEqual(width);
    await shot(page, `a11y-wallet-menu-${width}`);
    await page.keyboard.press("Escape");
  }
});

test("a draft opened signed out says how to open it, and opens once its author signs in", async ({ page }) => {
  await installTestWallet(page, OWNER);
  await page.goto(`/capsules/${draftId}/edit`);
  await settled(page);
  // the editor asks for a session before it reads anything: a private draft is never read anonymously
  await expect(page.getByRole("heading", { name: `Draft #${draftId}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("edit-sign-in")).toContainText("Drafts are private to the journalist who started them.");
  await expect(page.getByTestId("edit-sign-in")).toContainText(/sign in \(in the page header\) to open this draft/i);
  await signIn(page);
  await expect(page.getByTestId("edit-sign-in")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Draft #${draftId}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("form", { name: "Draft" }).getByLabel("Title")).toBeVisible();
  // signed in, an id nobody can see names both possibilities
  await page.goto("/capsules/999999");
  await settled(page);
  await expect(page.getByRole("main")).toContainText("There is no capsule #999999 this wallet can see: either it does not exist, or it is a draft");
});

test("Markdown in the preview: tables scroll in their own box, headings are demoted, outside images are not loaded", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await installTestWallet(page, OWNER);
  await page.goto(`/capsules/${draftId}`);
  await signIn(page); // the draft is private: its author reads it through a signed read
  await settled(page);
  const body = page.locator("main");
  await expect(body.getByRole("heading", { name: "Heading one", level: 2 })).toBeVisible();
  await expect(body.getByRole("region", { name: "Table (scrolls sideways)" }).getByRole("table")).toBeVisible();
  await expect(body.getByRole("link", { name: "Image: Pixel (external, not loaded)" })).toHaveAttribute("href", "https://tracker.example/p.gif");
  await expect(body.locator('img[src*="tracker.example"]')).toHaveCount(0);
  await expect(body.locator("section[data-footnotes] li")).toContainText("From the operator.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "a11y-markdown-360");
});
