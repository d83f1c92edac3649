import { expect, test, type Locator, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { FINDING, juryCommitment, signJuryCommit, signJuryReveal } from "@/lib/chain/jury-ballots";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, shot, signIn, watchConsole } from "./support/page-helpers";
import { freshWallet, juryChain } from "./support/jury-chain";

// The court walked a second time as its people walk it: the challenger (the dispute form at 360 px), a reader of the
// case (the grounds before the forms on a phone), the court list and a juror's duty page (deadlines, the wallet still
// connecting), and a reader who is no party funding the appeal (who may, how much, until when, what becomes of the
// money, the wallet's prompt and refusal) and taking it back when no round opened.

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const { api, advanceChainTime, fund, activeOutlet, contract, chainId } = jury;
const stamp = Date.now().toString(36);
const DESK = `walk2-desk-${stamp}`;
const BENCH = `walk2-bench-${stamp}`;
const TITLE = `Library hours doubled ${stamp}`;
const DAY = 24 * 3600;
const GROUNDS =
  "The library opens two more hours on Saturdays only; the weekly hours rose from 40 to 42, not to 80. The council's own timetable, linked in the article, shows it.";

const owner = freshWallet();
const challenger = freshWallet();
const funder = freshWallet(); // a reader: no bond, no role, no party to the case
const jurors = Array.from({ length: 7 }, freshWallet); // a second round seats seven
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let capsuleId = "";
let claimIds: string[] = [];
let caseId = "";

async function noBusy(page: Page) {
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** Every fieldset in `scope` may shrink below its content's widest piece (a fieldset's default min-width is min-content). */
async function fieldsetsShrink(scope: Locator) {
  const widths = await scope.locator("fieldset").evaluateAll((sets) => sets.map((s) => getComputedStyle(s).minWidth));
  expect(widths.length).toBeGreaterThan(0);
  expect(widths.every((w) => w === "0px"), `fieldset min-widths: ${widths.join(", ")}`).toBe(true);
}

async function at360(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await check();
  await page.setViewportSize({ width: 1280, height: 900 });
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await fund(owner, "5000", "1000");
  await fund(challenger, "100", "10");
  await fund(funder, "100", "0");
  await activeOutlet(owner, DESK);
  bench = await jury.seatBench(BENCH, jurors); // the jury pool, seated before the case is opened
  const body = `${TITLE}.\n\nThe central library is now open 80 hours a week, twice as long as last year.`;
  const created = await api.call(capsuleCreate, { body: {
    title: TITLE, body, outletSlug: DESK, category: "local", tags: ["library"],
    evidence: [{ uri: "https://council.example.org/library/timetable.pdf", contentHash: `0x${createHash("sha256").update(TITLE).digest("hex")}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Council timetable" }],
    status: "draft",
  } }, owner.key);
  capsuleId = created.capsuleId;
  const claims = await api.call(capsuleClaimsSet, { params: { id: capsuleId }, body: { claims: [
    { exact: "open 80 hours a week", claimType: "statistic", evidenceIds: [created.evidence[0]!.evidenceId] },
  ] } }, owner.key);
  claimIds = claims.items.map((c) => c.claimId);
  await jury.finalizeDraft(owner, capsuleId);
});

test.afterAll(async () => {
  // the next spec's jury is drawn from the same stack: these heavy bonds must not sit in its pool
  await bench?.leave();
});

test("the challenger's dispute form fits a 360 px screen: its claims fieldset may shrink", async ({ page }) => {
  const errors = watchConsole(page);
  await installTestWallet(page, challenger.key);
  await page.goto(`/capsules/${capsuleId}/dispute`);
  await signIn(page);
  const form = page.getByRole("form", { name: "Open a dispute" });
  await expect(form.getByRole("checkbox")).toHaveCount(1);
  await noBusy(page);
  await fieldsetsShrink(form);
  await at360(page, async () => {
    const box = (await form.locator("fieldset").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });
  await bothWidths(page, "dispute-form", "court-walk-two");
  expect(errors).toEqual([]);
});

test("a reader of the case on a phone reads the grounds before the evidence form; a wide screen keeps the jury above, the label beside", async ({ page }) => {
  const opened = await jury.dispute(challenger, capsuleId, { grounds: GROUNDS, claimIds, requestedLabel: "misleading" });
  caseId = opened.case.caseId;
  const errors = watchConsole(page);
  await installTestWallet(page, challenger.key);
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const form = page.getByRole("form", { name: "Add evidence" });
  await expect(form).toContainText("Add evidence as the challenger");
  await noBusy(page);
  const grounds = page.getByTestId("case-grounds");
  await expect(grounds).toHaveText(GROUNDS);
  await at360(page, async () => {
    expect(await top(grounds), "the grounds come before the evidence form").toBeLessThan(await top(form));
    expect(await top(page.locator("#case-challenged")), "what is challenged before the jury").toBeLessThan(await top(page.locator("#jury-status")));
  });
  // the parts' links follow the phone's order
  await expect(page.getByRole("navigation", { name: "Parts of this case" }).getByRole("link")).toHaveText(["Claim, reply, verdict", "What is challenged", "Jury", "Evidence", "Jurors", "Integrity label", "Timeline"]);
  // wide: the jury's panel spans the page above what is challenged; the label stands beside it, the timeline below it
  const challenged = page.locator("#case-challenged");
  const label = page.locator("#case-label");
  const timeline = page.locator("#case-timeline");
  expect(await top(page.getByTestId("jury-panel"))).toBeLessThan(await top(challenged));
  const [c, l, t] = [(await challenged.boundingBox())!, (await label.boundingBox())!, (await timeline.boundingBox())!];
  expect(l.x).toBeGreaterThan(c.x + c.width);
  expect(Math.abs(l.y - c.y)).toBeLessThan(2);
  expect(t.y).toBeGreaterThan(c.y + c.height);
  expect(Math.abs(t.x - c.x)).toBeLessThan(2);
  await bothWidths(page, "case-order", "court-walk-two");
  expect(errors).toEqual([]);
});

test("the court list says when each open case's period ends; the juror page waits for the wallet instead of asking to sign in", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.goto(`/court?status=open&outlet=${DESK}`);
  await noBusy(page);
  const row = page.getByTestId("case-rows").locator("li").filter({ hasText: `Case #${caseId}` });
  await expect(row.getByTestId("case-period-ends")).toContainText("Evidence period ends");
  await expect(row.getByTestId("case-period-countdown")).toHaveText(/ left$/);
  await bothWidths(page, "court-list", "court-walk-two");

  // the evidence period ends; the jurors are drawn
  const open = (await api.call(courtCase, { params: { id: caseId } })).case;
  await advanceChainTime(Number(open.periodEndsAt) - Number((await jury.publicClient.getBlock({ blockTag: "latest" })).timestamp) + 60);
  const moved = (await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case;
  expect(moved.period).toBe("commit");
  const drawn = moved.jurors.map((j) => j.juror.toLowerCase());
  const juror = jurors.find((j) => drawn.includes(j.address.toLowerCase()))!;

  await page.reload();
  await noBusy(page);
  await expect(row.getByTestId("case-period-ends")).toContainText("Commit period ends");

  const wallet = await installTestWallet(page, juror.key);
  await page.goto("/court/juror");
  await expect(page.getByTestId("juror-signin-hint")).toBeVisible();
  await signIn(page);
  const mine = page.getByTestId("juror-case").filter({ hasText: `Case #${caseId}` });
  await expect(mine).toHaveAttribute("data-duty", "commit");
  await expect(mine).toContainText("round 1 · Commit period");
  await expect(mine.getByTestId("juror-countdown")).toHaveText(/ left$/);
  await bothWidths(page, "juror-duty", "court-walk-two");

  // a reload reconnects the wallet: until it answers, the page says it is connecting, not "sign in"
  const prompt = wallet.holdNext("eth_accounts");
  await page.reload();
  await expect(page.getByRole("status", { name: "Connecting to your wallet" })).toBeVisible();
  await expect(page.getByTestId("juror-signin-hint")).toHaveCount(0);
  await shot(page, "court-walk-two-juror-connecting-1280");
  prompt.release();
  await expect(mine).toHaveAttribute("data-duty", "commit");
  await expect(page.getByTestId("juror-signin-hint")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a reader who is no party funds the appeal: who may, how much, until when, the money's fate, the wallet's prompt and refusal", async ({ page }) => {
  test.setTimeout(240_000);
  // round 1: the drawn jurors commit and reveal "misleading" (as the juror page signs them), the case moves to its appeal
  const court = await contract("juryCourt");
  const now = (await api.call(courtCase, { params: { id: caseId } })).case;
  const juryCaseId = BigInt(now.juryCaseId!);
  const drawn = now.jurors.filter((j) => j.round === 0).map((j) => j.juror);
  const keyOf = (address: string) => jurors.find((j) => j.address.toLowerCase() === address.toLowerCase())!.key;
  const salt = (juror: string) => `0x${createHash("sha256").update(`walk two ${juror}`).digest("hex")}` as Hex;
  for (const juror of drawn) {
    const commitment = juryCommitment(juryCaseId, 0n, getAddress(juror), [FINDING.misleading], salt(juror));
    const signature = await signJuryCommit(privateKeyToAccount(keyOf(juror)), court, chainId, { caseId: juryCaseId, round: 0n, juror: getAddress(juror), commitment });
    await api.call(courtCommit, { params: { id: caseId }, body: { commitment, signature } }, keyOf(juror));
  }
  expect((await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case.period).toBe("reveal");
  const reasons = ["The timetable shows 42 hours a week."];
  for (const juror of drawn) {
    const signature = await signJuryReveal(privateKeyToAccount(keyOf(juror)), court, chainId, { caseId: juryCaseId, round: 0n, juror: getAddress(juror), findings: [FINDING.misleading], reasons, salt: salt(juror) });
    await api.call(courtReveal, { params: { id: caseId }, body: { findings: ["misleading"], reasons, salt: salt(juror), signature } }, keyOf(juror));
  }
  expect((await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case).toMatchObject({ period: "appeal", winner: "challenger" });

  const errors = watchConsole(page);
  const wallet = await installTestWallet(page, funder.key);
  await page.goto(`/court/${caseId}`);
  await noBusy(page);
  const costs = page.getByTestId("appeal-costs");
  // signed out: who may fund, each side's need, what is raised, until when (counted down), and what becomes of the money
  await expect(costs.getByTestId("appeal-who")).toContainText("Anyone with a wallet may fund either side");
  await expect(costs.getByTestId("appeal-side-outlet")).toContainText("Outlet (lost this round): needs 14 CAP, raised 0 CAP, still 14 CAP; can be funded until");
  await expect(costs.getByTestId("appeal-deadline-outlet")).toHaveText(/ left$/);
  await expect(costs.getByTestId("appeal-deadline-challenger")).toHaveText(/ left$/);
  const money = costs.getByTestId("appeal-money");
  await expect(money).toContainText("Both sides fully funded: round 2 opens at once and its 7 jurors are paid its 7 CAP from what was raised.");
  await expect(money).toContainText("the funders of the other side get nothing back");
  await expect(money).toContainText("Not both sides fully funded when the period ends: no round opens, and every funder gets back all they gave once the case is final.");
  await expect(money).toContainText("each funder withdraws on this page, signed in with the wallet that paid");
  await expect(costs.getByTestId("appeal-sign-in")).toHaveText("Anyone may fund either side: sign in with a wallet to fund this appeal.");

  await signIn(page);
  const form = page.getByRole("form", { name: "Fund this appeal" });
  await expect(form.getByTestId("appeal-your-side")).toHaveText("You are not a party to this case: choose the side you want to fund.");
  await expect(form.getByRole("button", { name: "Choose a side to fund" })).toBeDisabled();
  await form.getByRole("radio", { name: /^The outlet/ }).check();
  await form.getByLabel("Amount in CAP").fill("3");
  await fieldsetsShrink(form);
  // the time left is one piece on a phone, never "2" at a line's end and "d 23 h" on the next
  await page.setViewportSize({ width: 360, height: 800 });
  const countdown = costs.getByTestId("appeal-deadline-outlet");
  await expect(countdown).toHaveCSS("white-space", "nowrap");
  expect((await countdown.boundingBox())!.height).toBeLessThan(30);
  await page.setViewportSize({ width: 1280, height: 900 });
  await bothWidths(page, "appeal-fund", "court-walk-two");

  // the wallet refuses: said in words, and the focus is on it (the button was disabled while the wallet asked)
  wallet.rejectNext("eth_sendTransaction");
  await form.getByRole("button", { name: "Pay 3 CAP to fund the outlet" }).click();
  const refusal = form.getByTestId("appeal-fund-error");
  await expect(refusal).toHaveText("You rejected the request in your wallet, so Capsule could not fund the outlet.");
  await expect(refusal).toBeFocused();

  // while the wallet's prompt is open nothing can be sent twice; then the transaction, and the funding recorded where the funder looks
  const prompt = wallet.holdNext("eth_sendTransaction");
  await form.getByRole("button", { name: "Pay 3 CAP to fund the outlet" }).click();
  await expect(form.getByRole("button", { name: "Confirm in your wallet…" })).toBeDisabled();
  await expect(form.getByLabel("Amount in CAP")).toBeDisabled();
  await expect(refusal).toHaveCount(0);
  await form.scrollIntoViewIfNeeded();
  await shot(page, "court-walk-two-appeal-fund-signing-1280");
  prompt.release();
  const recorded = costs.getByTestId("appeal-funded");
  await expect(recorded).toHaveText("Your 3 CAP for the outlet was recorded.", { timeout: 60_000 });
  await expect(recorded).toBeFocused();
  await expect(costs.getByTestId("appeal-side-outlet")).toContainText("needs 14 CAP, raised 3 CAP, still 11 CAP");
  await bothWidths(page, "appeal-funded", "court-walk-two");
  expect(errors).toEqual([]);
});

test("the appeal opened no round, so the reader who funded it takes all of it back from the case page", async ({ page }) => {
  test.setTimeout(240_000);
  const inAppeal = (await api.call(courtCase, { params: { id: caseId } })).case;
  await advanceChainTime(Number(inAppeal.periodEndsAt) - Number((await jury.publicClient.getBlock({ blockTag: "latest" })).timestamp) + 60);
  expect((await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case).toMatchObject({ period: "final", winner: "challenger" });
  const errors = watchConsole(page);
  await installTestWallet(page, funder.key);
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const refunds = page.getByTestId("appeal-refunds");
  await expect(refunds).toContainText("Your contribution to the appeal after round 1: 3 CAP to take back.");
  await refunds.getByRole("button", { name: "Withdraw 3 CAP" }).click();
  await expect(page.getByTestId("appeal-refund-done")).toHaveText("3 CAP from round 1’s appeal: paid to your wallet.", { timeout: 60_000 });
  await bothWidths(page, "appeal-refund", "court-walk-two");
  // the reader of the article sees the jury's finding as its label
  await page.goto(`/read/${capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  await bothWidths(page, "reader-final", "court-walk-two");
  expect(errors).toEqual([]);
});
