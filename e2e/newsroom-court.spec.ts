import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { capsuleDispute } from "../lib/endpoints/capsules/dispute";
import { courtVerdict } from "../lib/endpoints/court/verdict";
import { devKeys } from "../test/support/anvil";
import { addressOf, courtDesk, type CourtFixture } from "./support/court-fixture";
import { installTestWallet } from "./support/test-wallet";
import { shot, signIn, watchConsole } from "./support/page-helpers";

// Issue 13, items 2 and 3: dispute → reply → verdict, with the author's inbox open in a browser and
// updating live (no reload, no polling): the dispute and the reply due arrive, the author replies
// on the case page (claim, reply and verdict side by side), the clerk's verdict arrives.

test.describe.configure({ mode: "serial" });

const AUTHOR = 6;
const DISPUTER = 7;
const CLERK = 8;
const stamp = Date.now().toString(36);
const desk = courtDesk();
let fixture: CourtFixture;

type Actor = { context: BrowserContext; page: Page; errors: string[] };
const actors: Actor[] = [];

async function openActor(browser: Browser, keyIndex: number): Promise<Actor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, keyIndex);
  const actor = { context, page, errors };
  actors.push(actor);
  return actor;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fixture = await desk.finalizedCapsule({ ownerKey: AUTHOR, disputerKey: DISPUTER, clerkKey: CLERK, slug: `reply-${stamp}`, outletName: "The Reply Desk", title: `Tram costs forty million ${stamp}` });
});

test.afterEach(() => {
  for (const actor of actors) expect(actor.errors, "console errors").toEqual([]);
});

test.afterAll(async () => {
  for (const actor of actors) await actor.context.close();
});

test("dispute → reply → verdict, with the author's inbox updating live", async ({ browser }) => {
  const author = await openActor(browser, AUTHOR);
  const { page } = author;
  await page.goto("/inbox");
  await signIn(page);
  await expect(page.getByTestId("inbox-items")).toContainText("closed: accepted and finalized on chain");
  await page.getByRole("button", { name: /^Mark all \d+ read$/ }).click();
  await expect(page.getByTestId("inbox-unread")).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  // a reader disputes; the author's open inbox shows it, with the reply due and the unread count
  const opened = await desk.api.call(capsuleDispute, { params: { id: fixture.capsuleId }, body: { grounds: "The tender shows 4 million, not the 40 million the article states.", requestedLabel: "misleading" } }, devKeys[DISPUTER] as `0x${string}`);
  const caseId = opened.case.caseId;
  await expect(page.locator("[data-kind='inbox.dispute_opened'][data-unread=true]")).toContainText(`case #${caseId}`);
  await expect(page.locator("[data-kind='inbox.reply_due']")).toContainText("due by");
  await expect(page.getByTestId("inbox-unread")).toHaveText("3");
  await shot(page, "newsroom-inbox-dispute");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "newsroom-inbox-dispute-360");
  await page.setViewportSize({ width: 1280, height: 900 });

  // the clerk cannot rule yet
  await expect(desk.api.call(courtVerdict, { params: { id: caseId }, body: { verdict: "verified", rationale: "Too early: the reply window is still open." } }, devKeys[CLERK] as `0x${string}`)).rejects.toMatchObject({ code: "INVALID_STATE" });

  // the author replies on the case page
  await page.locator("[data-kind='inbox.reply_due']").getByRole("link", { name: `case #${caseId}` }).click();
  await expect(page.getByTestId("case-reply-window")).toContainText("may reply until");
  const form = page.getByRole("form", { name: "Reply" });
  await form.getByLabel("Your reply (at least 20 characters)").fill("The 40 million is the whole programme; the tender is only its first lot.");
  await form.getByLabel("Evidence link (optional)").fill("https://records.example.org/programme.pdf");
  await form.getByLabel("What the evidence shows").fill("Programme budget");
  await form.getByRole("button", { name: "File the reply" }).click();
  await expect(page.getByTestId("case-reply")).toContainText("whole programme");
  await expect(page.getByTestId("case-claim-reply-verdict")).toContainText("The tender shows 4 million");

  // the clerk rules; the author's page (case page, then inbox) follows without a reload
  await desk.api.call(courtVerdict, { params: { id: caseId }, body: { verdict: "verified", rationale: "The programme budget in the reply's evidence is 40 million." } }, devKeys[CLERK] as `0x${string}`);
  await expect(page.getByTestId("case-outcome")).toContainText("Verified");
  await shot(page, "newsroom-case-side-by-side");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "newsroom-case-side-by-side-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("inbox-unread")).toHaveText("5");
  await page.getByTestId("inbox-link").click();
  await expect(page.locator("[data-kind='inbox.verdict'][data-unread=true]")).toContainText(`Verdict in case #${caseId}`);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  expect(addressOf(AUTHOR)).toMatch(/^0x/);
});
