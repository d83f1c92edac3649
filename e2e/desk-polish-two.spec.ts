import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devKeys } from "@/test/support/anvil";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { devWallet, juryChain, type Wallet } from "./support/jury-chain";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";
import { shortAddress } from "@/lib/wallet/short-address";

// Where a first-time reader, journalist or juror tripped (desk polish, second round): the front page's
// articles above the fold on a phone and its filters applying at once; an article made over the API
// without contributors names its author as a wallet; a contested article says once what the open case
// is about; a jury case page says when it can be moved on instead of offering a click the chain refuses.

test.describe.configure({ mode: "serial" });

const OWNER = 1; // outlet owner, journalist (credited by default: no contributors list) and its only Editor
const DISPUTER = 2;
const stamp = Date.now().toString(36);
const desk = courtDesk();
const jury = juryChain();
const disputer: Wallet = devWallet(DISPUTER);
const owner = privateKeyToAccount(devKeys[OWNER] as Hex).address;
let bench: Awaited<ReturnType<typeof jury.seatBench>>;
let fixture: CourtFixture;
let caseId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bench = await jury.seatBench(`polish-bench-${stamp}`);
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: DISPUTER, slug: `polish-${stamp}`, outletName: "The Polish Ledger", title: `Harbour budget rises forty percent ${stamp}` });
});

test.afterAll(async () => {
  await bench?.leave();
});

test("front page on a phone: the articles are above the fold, and a filter applies when chosen", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/");
  // the first article's headline wholly on the first screen of a small phone
  const first = page.getByTestId("article-item").first();
  await expect(first.getByRole("heading")).toBeInViewport({ ratio: 1 });
  // the long explanation is one tap away
  await expect(page.getByTestId("front-intro-more")).not.toHaveAttribute("open", /.*/);
  await bothWidths(page, "front", "polish-two");

  // a choice applies at once, as on the court list: no Filter button to find
  await expect(page.getByRole("button", { name: "Filter" })).toHaveCount(0);
  await page.getByLabel("Outlet").selectOption(fixture.outletSlug);
  await expect(page).toHaveURL(new RegExp(`outlet=${fixture.outletSlug}`));
  await expect(page.getByTestId("article-item").filter({ hasText: fixture.title })).toHaveCount(1);
  await page.getByLabel("Label").selectOption("fraudulent");
  await expect(page).toHaveURL(/label=fraudulent/);
  await expect(page.getByTestId("article-list-empty")).toBeVisible();
  expect(errors).toEqual([]);
});

test("front page without scripts: the same filters work with their Filter button", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByLabel("Outlet").selectOption(fixture.outletSlug);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`outlet=${fixture.outletSlug}`));
  await expect(page.getByTestId("article-item").filter({ hasText: fixture.title })).toHaveCount(1);
  await context.close();
});

test("an article drafted over the API without contributors names its author by role and outlet, not as a person called 0x…", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${fixture.capsuleId}`);
  const byRole = new RegExp(`^an? (journalist|reporter|editor) at ${fixture.outletName}$`);
  await expect(page.getByTestId("byline-author")).toHaveText(byRole);
  await expect(page.getByTestId("contributor-author-link")).toHaveText(byRole);
  // the wallet stays beside the credit, short
  await expect(page.getByTestId("reader-contributors")).toContainText(shortAddress(owner));
  await expect(page.getByTestId("reader-contributors")).not.toContainText(owner);
  await bothWidths(page, "article-wallet-author", "polish-two");
  expect(errors).toEqual([]);
});

test("a contested article says once what the open case is about, with a link to it", async ({ page }) => {
  const errors = watchConsole(page);
  const opened = await jury.dispute(disputer, fixture.capsuleId, {
    claim: "The council's budget rose by forty percent this year.",
    evidenceId: fixture.evidenceId,
    grounds: "The minutes cited as evidence record a rise of 4 percent, not 40 percent; the figure is off by a factor of ten.",
    requestedLabel: "misleading",
  });
  caseId = opened.case.caseId;
  await page.goto(`/read/${fixture.capsuleId}`);
  const label = page.getByTestId("integrity-label");
  await expect(label).toHaveAttribute("data-label", "contested");
  await expect(label).toContainText("Integrity: Contested");
  await expect(label.getByTestId("reader-open-case")).toContainText(`Court case #${caseId} has been open since`);
  await expect(label.getByTestId("reader-open-case")).toContainText("It challenges the passage “The council's budget rose by forty percent this year.”");
  await expect(label.getByRole("link", { name: `Court case #${caseId}` })).toHaveAttribute("href", `/court/${caseId}`);
  // said once: no second box about the same open case, no generic "a dispute is open" beside it
  await expect(page.getByTestId("reader-court-note")).toHaveCount(0);
  await expect(page.locator(`main a[href="/court/${caseId}"]`)).toHaveCount(1);
  await expect(page.getByText("A dispute about this article is open")).toHaveCount(0);
  await bothWidths(page, "article-open-case", "polish-two");
  expect(errors).toEqual([]);
});

test("a jury case in its evidence period says when it can be moved on, with no button the chain would refuse", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, DISPUTER, `/court/${caseId}`);
  const panel = page.getByTestId("jury-panel");
  await expect(panel.getByTestId("jury-period")).toHaveText(/Round 1 · Evidence/);
  await expect(panel.getByTestId("move-on-not-yet")).toHaveAttribute("data-estimated", "false");
  await expect(panel.getByTestId("move-on-not-yet")).toHaveText("You can move the case on when this period ends.");
  await expect(panel.getByRole("button", { name: /Move the case on/ })).toHaveCount(0);
  await expect(panel.getByTestId("jury-countdown")).toHaveText(/^2 d 23 h \d+ min left$|^3 d 0 h 0 min left$/);
  // the quoted passage ends its sentence: no second full stop after it
  await expect(panel).toContainText("Disputed: the passage quoted above, “The council's budget rose by forty percent this year.”");
  await expect(panel).not.toContainText("year.”.");
  await bothWidths(page, "case-move-on", "polish-two");
  expect(errors).toEqual([]);
});
