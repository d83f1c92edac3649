import { expect, test, type Page, type Request } from "@playwright/test";
import { ApiError } from "@/lib/api/api-client";
import { pathOf } from "@/lib/api/request";
import { liveStream } from "@/features/live/stream.endpoint";
import { networkStatus } from "@/features/system/network-status.endpoint";
import type { Hex } from "viem";
import { grantAccepted } from "./support/grant-accepted";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { devWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { bothWidths, shot, signIn, watchConsole } from "./support/page-helpers";
import { installTestWallet } from "./support/test-wallet";
import { EMBED_FRAME } from "@/features/reader/embed-frame";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Harbour Ledger");

// Issue 31, the desk's side: a jury's final finding stays on every version of the article (reader page,
// desk page, embed); an Editor granted after a vote opened is told why they cannot vote, with no
// buttons; an idle vote page spends no reads while the push channel is live, and few when it is not.

test.describe.configure({ mode: "serial" });

const OWNER = 1; // outlet owner, journalist and its only Editor at the snapshot
const LATE_EDITOR = 2; // made an Editor after the vote opened
const DISPUTER = 4;

const stamp = Date.now().toString(36);
const slug = `round-two-${stamp}`;
const desk = readerDesk();
let original = "";
let correction = "";
let pendingId = "";
let caseId = "";

/** A grant (the owner's offer, the grantee's accept) that may already exist (a retried worker made it before). */
async function grantOnce(body: { outletSlug: string; granteeKey: number; roleId: number }, byKey: number) {
  try {
    await grantAccepted(desk.api, devKeys[byKey] as Hex, body.outletSlug, devKeys[body.granteeKey] as Hex, body.roleId);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "CONFLICT")) throw error;
  }
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  await desk.outlet(OWNER, slug, OUTLET_NAME);
  await desk.deposit(OWNER, "500"); // room for the court's penalty
  await desk.deposit(DISPUTER, "10");
  const jury = juryChain();
  const bench = await jury.seatBench(`round-two-bench-${stamp}`); // the jury pool, seated before the case is opened
  const disputer = devWallet(DISPUTER);
  original = await desk.finalized(OWNER, slug, `Ferry disaster averted ${stamp}`, "Ferry disaster averted.\n\nFour hundred passengers were on board.");
  const opened = await jury.dispute(disputer, original, { grounds: "The harbour log shows 40 passengers, not 400.", claim: "Four hundred passengers" });
  caseId = opened.case.caseId;
  try {
    await jury.decide(caseId, bench.jurors, ["misleading"], disputer);
  } finally {
    await bench.leave(); // the next spec's jury is drawn from the same stack
  }
  correction = await desk.finalizedCorrection(OWNER, original, "Ferry disaster averted.\n\nForty passengers were on board.", "Forty passengers were on board, not four hundred.");

  pendingId = await desk.pending(OWNER, slug, `Quay repairs begin ${stamp}`, "Quay repairs begin.\n\nThe works last a month.");
  await desk.deposit(LATE_EDITOR, "250");
  await grantOnce({ outletSlug: slug, granteeKey: LATE_EDITOR, roleId: ROLE.EDITOR }, OWNER);
});

test("a court finding stays on every version of the article, with a link to the case", async ({ page }) => {
  const errors = watchConsole(page);
  for (const id of [original, correction]) {
    await page.goto(`/read/${id}`);
    await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "corrected");
    const record = page.getByTestId("reader-court-note");
    await expect(record.getByTestId("reader-decided-case")).toContainText(`court case #${caseId}`);
    await expect(record).toContainText("Ruled Misleading before the article was corrected.");
    await expect(record.getByRole("link", { name: `court case #${caseId}` })).toHaveAttribute("href", `/court/${caseId}`);
  }
  await bothWidths(page, "reader-corrected");

  // the desk's capsule page of the current version
  await page.goto(`/capsules/${correction}`);
  const deskRecord = page.getByTestId("desk-court-record");
  await expect(deskRecord).toContainText(`Ruled Misleading`);
  await expect(deskRecord).toContainText(`(on version #${original})`);
  await expect(deskRecord.getByRole("link", { name: `court case #${caseId}` })).toHaveAttribute("href", `/court/${caseId}`);
  await bothWidths(page, "desk-corrected");

  // the embed an outlet frames
  await page.goto(`/embed/${correction}`);
  await expect(page.getByTestId("embed-finding")).toContainText(`The court ruled it Misleading (court case #${caseId})`);
  await expect(page.getByRole("link", { name: `Read court case #${caseId}` })).toBeVisible();
  // the tallest label the embed shows fits the frame the article page's snippet gives out, nothing cut off
  await page.setViewportSize({ width: EMBED_FRAME.width, height: EMBED_FRAME.height });
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(EMBED_FRAME.height);
  expect(errors).toEqual([]);
});

test("an Editor granted after the vote opened is told why, in words, and sees no vote buttons", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, LATE_EDITOR);
  await page.goto(`/capsules/${pendingId}`);
  await signIn(page);
  const reason = page.getByTestId("not-eligible");
  await expect(reason).toHaveAttribute("data-reason", "snapshot");
  await expect(reason).toContainText("You cannot vote on this capsule.");
  await expect(reason).toContainText(`the bonded Editors of ${OUTLET_NAME} at that moment (block `);
  await expect(reason).toContainText("You will vote on capsules submitted from now on.");
  await expect(page.getByRole("button", { name: "Vote yes" })).toHaveCount(0);
  await expect(page.getByTestId("snapshot-line")).toContainText(`Voters: the bonded Editors of ${OUTLET_NAME} when the vote opened (block`);
  await bothWidths(page, "vote-not-eligible");

  // the newsroom does not ask for it either: its row says so, and the count of votes waiting leaves it out
  await page.goto("/newsroom");
  await page.locator("#newsroom-outlet").selectOption({ label: OUTLET_NAME });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  const row = page.getByTestId("open-votes").locator(`[data-testid=capsule-row][data-capsule-id="${pendingId}"]`);
  await expect(row.getByTestId("capsule-row-my-vote")).toHaveText("Not eligible to vote");
  await expect(row.getByTestId("capsule-row-my-vote")).toHaveAttribute("data-vote", "not-eligible");
  await expect(page.getByTestId("open-votes-summary")).toHaveText("None of these open votes is yours to cast: they opened before you were a voting Editor here.");
  await bothWidths(page, "newsroom-not-eligible");
  expect(errors).toEqual([]);
  await context.close();

  // the Editor who was a voter at the snapshot gets the buttons
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ownerPage = await ownerContext.newPage();
  await installTestWallet(ownerPage, OWNER);
  await ownerPage.goto(`/capsules/${pendingId}`);
  await signIn(ownerPage);
  await expect(ownerPage.getByRole("button", { name: "Vote yes" })).toBeVisible();
  await ownerContext.close();
});

/** Counts the bridge requests a page makes from now on (the live stream included). */
function countBridgeRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.split("/")[1] === "api" || url.pathname === "/rpc") seen.urls.push(url.pathname);
  });
  return seen;
}

test("an idle vote page reads nothing while the push is live, and polls with back-off when it is refused", async ({ browser }) => {
  test.setTimeout(180_000);
  // reader's limit is 100 public reads a minute; a page may spend a fifth: 10 in 30 s
  const budgetPer30s = 10;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/capsules/${pendingId}`);
  await expect(page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  await expect(page.getByTestId("vote-panel")).toBeVisible();

  // the bridge refuses the stream (as with too many tabs): the page falls back to polling, sparingly.
  // Both pages are watched over the same stretch of time (each in its own context, counting only its
  // own requests), so the run waits 30 s in all instead of 20 s and then 30 s.
  const refused = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const offline = await refused.newPage();
  await offline.route(`**${pathOf(liveStream, {})}`, (route) => route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ ok: false, error: "RATE_LIMITED", message: "At most 2 live streams per client; close another tab first", statusCode: 429 }) }));
  await offline.goto(`/capsules/${pendingId}`);
  await expect(offline.getByTestId("live-state")).toHaveAttribute("data-state", "offline");
  await expect(offline.getByTestId("vote-panel")).toBeVisible();
  await expect(page.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  const idle = countBridgeRequests(page);
  const polled = countBridgeRequests(offline);
  await page.waitForTimeout(20_000);
  expect(idle.urls, "reads by an idle page with the push live").toEqual([]);
  await context.close();
  await offline.waitForTimeout(10_000);
  expect(polled.urls.length, polled.urls.join(", ")).toBeLessThanOrEqual(budgetPer30s);
  expect(polled.urls, "the chain clock still follows the node while the push is down").toContain(pathOf(networkStatus, {}));
  await refused.close();
});

test("the author withdraws a draft and an Editor closes a vote early, from the capsule page", async ({ browser }) => {
  const draftId = await desk.draft(OWNER, slug, `Harbour crane sold ${stamp}`, "Harbour crane sold.\n\nThe port sold its oldest crane.");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, OWNER);
  await page.goto(`/capsules/${draftId}`);
  await signIn(page);
  const panel = page.getByTestId("reject-panel");
  await panel.getByRole("button", { name: "Withdraw this draft" }).click();
  await expect(panel).toContainText("It is never sent to the editors");
  await panel.getByLabel("Reason (optional, kept in your activity record)").fill("The sale fell through.");
  await bothWidths(page, "withdraw-draft");
  await panel.getByRole("button", { name: "Confirm: withdraw this draft" }).click();
  await expect(page.getByTestId("capsule-status")).toHaveText(/rejected/i);
  await expect(page.getByTestId("reject-panel")).toHaveCount(0);
  await expect(page.getByTestId("outcome")).toContainText("Rejected: it was withdrawn before it reached the vote.");

  // the outlet's Editor closes the open vote early
  await page.goto(`/capsules/${pendingId}`);
  await expect(page.getByTestId("capsule-status")).toHaveText(/voting|pending/i);
  await page.getByRole("button", { name: "Reject now: close this vote early" }).click();
  await page.getByRole("button", { name: "Confirm: close this vote early" }).click();
  await expect(page.getByTestId("capsule-status")).toHaveText(/rejected/i);
  await expect(page.getByRole("button", { name: "Vote yes" })).toHaveCount(0);
  // the outcome says why, and the tally no longer says "yet"
  await expect(page.getByTestId("outcome")).toContainText("Rejected: the vote was closed before its window ended");
  await expect(page.getByTestId("tally")).not.toContainText("yet");
  await expect(page.getByTestId("window-line")).toContainText("was closed early");
  // the outlet's Editor withdraws another member's draft (no draft can hold a chain's one open revision)
  const othersDraft = await desk.draft(LATE_EDITOR, slug, `Harbour lights dimmed ${stamp}`, "Harbour lights dimmed.\n\nThe port saves power.");
  await page.goto(`/capsules/${othersDraft}`);
  const editorPanel = page.getByTestId("reject-panel");
  await editorPanel.getByRole("button", { name: "Withdraw this draft (Editor)" }).click();
  await expect(editorPanel).toContainText("its author sees the withdrawal in their activity");
  await editorPanel.getByRole("button", { name: "Confirm: withdraw this draft (editor)" }).click();
  await expect(page.getByTestId("capsule-status")).toHaveText(/rejected/i);
  await expect(page.getByTestId("reject-panel")).toHaveCount(0);
  // a draft is private: before signing in, the page's reads of it are answered 404 (as intended)
  expect(errors.filter((error) => !(error.includes("status of 404") && [draftId, othersDraft].some((id) => error.includes(`/capsules/${id}`))))).toEqual([]);
  await context.close();
});

test("an Editor cannot close early a vote that another Editor's yes can still carry, and is told why", async ({ browser }) => {
  // submitted now, so both Editors are voters (1000 + 250 CAP); the owner's yes can still carry it
  const votedId = await desk.pending(OWNER, slug, `Harbour fees frozen ${stamp}`, "Harbour fees frozen.\n\nThe port keeps this year's fees.");
  await desk.voteYes(OWNER, votedId);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, LATE_EDITOR);
  await page.goto(`/capsules/${votedId}`);
  await signIn(page);
  const refused = page.getByTestId("reject-panel-refused");
  await expect(refused).toContainText("The vote is under way and can still pass, so it cannot be closed early");
  await expect(refused).toContainText("It closes at ");
  await expect(page.getByRole("button", { name: "Reject now: close this vote early" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Vote yes" })).toBeVisible(); // the other Editor may still vote
  await bothWidths(page, "reject-refused");
  expect(errors).toEqual([]);
  await context.close();
});

test("what a challenger typed survives a trip to the Bonds page, whose deposit link fills and focuses the form", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, DISPUTER);
  await page.goto(`/capsules/${correction}/dispute`);
  await signIn(page);
  const form = page.getByRole("form", { name: "Open a dispute" });
  await form.getByLabel("Claim challenged").fill("Forty passengers were on board.");
  await form.getByLabel("Grounds").fill("The harbour master counted 38.");

  // a deposit link (as the no-bond note gives) opens the Bonds page with the amount filled and focused
  await page.goto("/bonds?deposit=10");
  await signIn(page); // the session is per browser: this page is usually signed in already
  const amount = page.getByLabel("Amount (CAP)").first();
  await expect(amount).toHaveValue("10");
  await expect(amount).toBeFocused();
  await bothWidths(page, "bonds-deposit-link");

  // back on the dispute page the text is still there
  await page.goto(`/capsules/${correction}/dispute`);
  await expect(form.getByLabel("Claim challenged")).toHaveValue("Forty passengers were on board.");
  await expect(form.getByLabel("Grounds")).toHaveValue("The harbour master counted 38.");
  await bothWidths(page, "dispute-draft-kept");
  expect(errors).toEqual([]);
  await context.close();
});
