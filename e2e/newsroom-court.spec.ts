import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { devKeys } from "@/test/support/anvil";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { devWallet, juryChain } from "./support/jury-chain";
import { actorCast, shot, signIn } from "./support/page-helpers";

// Issue 13, items 2 and 3, in the jury era: dispute → the outlet's evidence → the jury's finding, with the
// author's inbox open in a browser and updating live (no reload, no polling): the dispute arrives, the
// case cannot move on during its evidence period, the author adds the outlet's evidence on the case page
// (claim, reply and verdict side by side), the final finding arrives.

test.describe.configure({ mode: "serial" });

const AUTHOR = 6;
const DISPUTER = 7;
const stamp = Date.now().toString(36);
const desk = courtDesk();
const jury = juryChain();
let bench: Awaited<ReturnType<typeof jury.seatBench>>;
let fixture: CourtFixture;

const cast = actorCast();
const openActor = cast.open;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bench = await jury.seatBench(`reply-bench-${stamp}`); // the jury pool, seated before the case is opened
  fixture = await desk.finalizedCapsule({ ownerKey: AUTHOR, disputerKey: DISPUTER, slug: `reply-${stamp}`, outletName: "The Reply Desk", title: `Tram costs forty million ${stamp}` });
});

test.afterAll(async () => {
  await bench?.leave(); // the next spec's jury is drawn from the same stack
});

test("dispute → the outlet's evidence → the jury's finding, with the author's inbox updating live", async ({ browser }) => {
  test.setTimeout(300_000);
  const author = await openActor(browser, AUTHOR);
  const { page } = author;
  await page.goto("/inbox");
  await signIn(page);
  await expect(page.getByTestId("inbox-items")).toContainText("closed: accepted and finalized on chain");
  await page.getByRole("button", { name: /^Mark all \d+ read$/ }).click();
  await expect(page.getByTestId("inbox-unread")).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  // a reader opens a jury case; the author's open inbox shows it, with the label change and the unread count
  const opened = await jury.dispute(devWallet(DISPUTER), fixture.capsuleId, { grounds: "The tender shows 4 million, not the 40 million the article states.", requestedLabel: "misleading" });
  const caseId = opened.case.caseId;
  await expect(page.locator("[data-kind='inbox.dispute_opened'][data-unread=true]")).toContainText(`case #${caseId}`);
  await expect(page.locator("[data-kind='inbox.label_changed'][data-unread=true]")).toContainText("Contested");
  await expect(page.locator("[data-kind='inbox.reply_due']")).toHaveCount(0);
  const unread = page.locator("[data-unread=true]");
  await expect(page.getByTestId("inbox-unread")).toHaveText(String(await unread.count()));
  await shot(page, "newsroom-inbox-dispute");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "newsroom-inbox-dispute-360");
  await page.setViewportSize({ width: 1280, height: 900 });

  // nobody can move the case on during its evidence period
  await expect(desk.api.call(courtAdvance, { params: { id: caseId } }, devKeys[DISPUTER] as Hex)).rejects.toMatchObject({ code: "INVALID_STATE" });

  // the author answers with the outlet's evidence on the case page
  await page.locator("[data-kind='inbox.dispute_opened']").getByRole("link", { name: `case #${caseId}` }).click();
  const form = page.getByRole("form", { name: "Add evidence" });
  await expect(form).toContainText("Add evidence as the outlet");
  await form.getByLabel("Link (optional)").fill("https://records.example.org/programme.pdf");
  await form.getByRole("button", { name: "Add the evidence" }).click();
  await expect(form.getByTestId("evidence-added")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("jury-evidence-item").first()).toContainText("Outlet · round 1");
  await expect(page.getByTestId("case-claim-reply-verdict")).toContainText("The tender shows 4 million");

  // the jury finds it verified; the author's page (case page, then inbox) follows without a reload
  await jury.decide(caseId, bench.jurors, ["verified"], devWallet(DISPUTER));
  await expect(page.getByTestId("case-outcome")).toContainText("Verified", { timeout: 30_000 });
  await shot(page, "newsroom-case-side-by-side");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "newsroom-case-side-by-side-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("inbox-link").click();
  await expect(page.locator("[data-kind='inbox.verdict'][data-unread=true]")).toContainText(`Verdict in case #${caseId}`);
  await expect(page.getByTestId("inbox-unread")).toHaveText(String(await page.locator("[data-unread=true]").count()));
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test("the newsroom lists the article with the label the jury left on it", async ({ browser }) => {
  const { page } = await openActor(browser, AUTHOR);
  await page.goto("/newsroom");
  await signIn(page);
  const row = page.locator(`[data-testid='capsule-row'][data-capsule-id='${fixture.capsuleId}']`).first();
  await expect(row.getByTestId("capsule-row-label")).toHaveText(/^\S+ Verified$/);
  await expect(row.getByTestId("capsule-row-label")).toHaveAttribute("data-label", "verified");
  await expect(row.getByTestId("capsule-row-label")).toHaveAttribute("title", /.+/);
  await shot(page, "newsroom-row-label");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "newsroom-row-label-360");
});
