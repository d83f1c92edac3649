import { expect, test, type Page } from "@playwright/test";
import { getAddress, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { submitVoucherFromJson } from "@/lib/chain/vouchers";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { pathOf } from "@/lib/api/request";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";
import { voucherDeadlineWords } from "./support/deadline-words";

// Desk walk, twelfth round, as an editor, a journalist and an operator walk it: the vote's Confirm button says what the
// vote waits for (the wallet, then the chain) and a status says it aloud; the court list names an open jury case's period
// once; /operator opens with links to its sections; the rights form's date field says which zone and format it takes and
// says the chosen day back in words (UTC), as the buyer reads it too; and Submit pressed again while an earlier voucher
// is held says which authorization it uses, the earlier one committing to the same version and refused by the chain
// once the capsule is there.

const jury = juryChain();
const desk = readerDesk();
const stamp = Date.now().toString(36);

const doneLoading = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test("an editor's vote: Confirm says what it waits for, a status says it aloud, and the panel after a decline and after the vote lands", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk12v-${stamp}`;
  await desk.outlet(owner.key, slug, "The Twelfth Walk Ballot");
  const id = await desk.pending(owner.key, slug, `Tram depot ${stamp}`, "The tram depot moves.\n\nThe council decided on Monday.");
  const errors = watchConsole(page);
  const wallet = await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}`);
  await signIn(page);
  await doneLoading(page);
  const progress = page.getByTestId("vote-progress");
  await expect(progress).toHaveAttribute("role", "status");
  await expect(progress).toHaveText("");

  // the wallet declines: the error, and Confirm as it was
  await page.getByRole("button", { name: "Vote yes" }).click();
  const confirm = page.getByTestId("vote-confirm");
  wallet.rejectNext("eth_signTypedData_v4");
  await confirm.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(page.getByTestId("vote-error")).toHaveText(/You rejected the request in your wallet/);
  await expect(confirm.getByRole("button", { name: "Confirm: vote yes" })).toBeEnabled();
  await expect(progress).toHaveText("");
  await bothWidths(page, "vote-declined", "walk-twelve");

  // the wallet's prompt open: Confirm says so, disabled, and the status names the step
  const prompt = wallet.holdNext("eth_signTypedData_v4");
  let sendBallot!: () => void;
  const ballotMayGo = new Promise<void>((resolve) => (sendBallot = resolve));
  const relayPath = pathOf(capsuleVote, { id });
  await page.route(
    (url) => url.pathname === relayPath,
    async (route) => {
      await ballotMayGo;
      await route.continue();
    },
  );
  await confirm.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(confirm.getByRole("button", { name: "Voting…" })).toBeDisabled();
  await expect(progress).toHaveText("Sign the ballot in your wallet…");
  await expect(page.getByTestId("vote-error")).toHaveCount(0);
  await bothWidths(page, "vote-signing", "walk-twelve");

  // signed; the bridge relays it and waits for the chain
  prompt.release();
  await expect(confirm.getByRole("button", { name: "Recording your vote…" })).toBeDisabled();
  await expect(progress).toHaveText("Ballot signed; this site is sending it to the chain and waiting for it to be mined…");
  await bothWidths(page, "vote-sending", "walk-twelve");

  // landed: the panel says the vote is final, and the progress is gone with the buttons
  const relayed = page.waitForResponse((response) => new URL(response.url()).pathname === relayPath && response.request().method() === "POST");
  sendBallot();
  expect((await relayed).status()).toBe(200);
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  await expect(page.getByTestId("vote-panel")).toContainText("Your vote is recorded on chain and is final.");
  await expect(progress).toHaveCount(0);
  await doneLoading(page);
  await bothWidths(page, "vote-landed", "walk-twelve");
  expect(errors).toEqual([]);
});

test("the court list names an open jury case's period once, on the line that says when it ends", async ({ page }) => {
  test.setTimeout(300_000);
  const owner = freshWallet();
  const challenger = freshWallet();
  await jury.fund(owner, "5000", "1000");
  await jury.fund(challenger, "100", "10");
  const slug = `walk12c-${stamp}`;
  await jury.activeOutlet(owner, slug);
  const bench = await jury.seatBench(`walk12b-${stamp}`);
  try {
    const title = `Pool hours ${stamp}`;
    const created = await jury.api.call(capsuleCreate, { body: { title, body: `${title}.\n\nThe pool opens 60 hours a week.`, outletSlug: slug, category: "local", tags: ["pool"], status: "draft" } }, owner.key);
    const claims = await jury.api.call(capsuleClaimsSet, { params: { id: created.capsuleId }, body: { claims: [{ exact: "opens 60 hours a week", claimType: "statistic", evidenceIds: [] }] } }, owner.key);
    await jury.finalizeDraft(owner, created.capsuleId);
    const opened = await jury.dispute(challenger, created.capsuleId, {
      grounds: "The pool opens 40 hours a week; the council's timetable says so on its first page.",
      claimIds: claims.items.map((c) => c.claimId),
      requestedLabel: "misleading",
    });
    const errors = watchConsole(page);
    await page.goto(`/court?status=open&outlet=${slug}`);
    await doneLoading(page);
    const row = page.getByTestId("case-rows").locator("li").filter({ hasText: `Case #${opened.case.caseId}` });
    await expect(row.getByTestId("case-court")).toHaveText("Jury");
    await expect(row.getByTestId("case-period-ends")).toContainText("Evidence period ends");
    expect((await row.innerText()).match(/Evidence/g)).toHaveLength(1);
    await bothWidths(page, "court-list", "walk-twelve");
    expect(errors).toEqual([]);
  } finally {
    await bench.leave();
  }
});

test("/operator opens with links to its sections, reached and followed from the keyboard", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/operator");
  await doneLoading(page);
  const sections = page.getByRole("navigation", { name: "On this page" });
  const names = ["Network and deployment", "Contract addresses", "Contract events", "Effective configuration", "Signed actions"];
  await expect(sections.getByRole("link")).toHaveText(names);
  // each link leads to the section of that heading
  for (const name of names) {
    const target = await sections.getByRole("link", { name }).getAttribute("href");
    await expect(page.locator(`${target} > h2`)).toHaveText(name);
  }
  // the links come first in the tab order after the page's own links above them
  await page.getByRole("link", { name: "Partner webhooks" }).focus();
  await page.keyboard.press("Tab");
  await expect(sections.getByRole("link", { name: "Network and deployment" })).toBeFocused();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("Tab");
  await expect(sections.getByRole("link", { name: "Effective configuration" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#operator-configuration$/);
  await expect(page.getByRole("heading", { name: "Effective configuration" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Network and deployment" })).not.toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bothWidths(page, "operator", "walk-twelve");
  expect(errors).toEqual([]);
});

test.describe("a lister in New York with a US browser", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-US" });

  test("the rights form's date says its zone and format and the day back in words (UTC); the buyer reads the same", async ({ page }) => {
    test.setTimeout(240_000);
    const owner = freshWallet();
    await jury.fund(owner, "5000", "0");
    const slug = `walk12r-${stamp}`;
    await desk.outlet(owner.key, slug, "The Twelfth Walk Rights");
    const id = await desk.finalized(owner.key, slug, `Harbour lights ${stamp}`, "The harbour lights are renewed.\n\nThe port paid for them.");
    const errors = watchConsole(page);
    await installTestWallet(page, owner.key);
    await page.goto(`/rights?capsule=${id}`);
    await signIn(page);
    await doneLoading(page);
    const form = page.getByRole("form", { name: "List rights" });
    const date = form.getByLabel("Offer ends (optional)");
    await expect(date).toHaveAccessibleDescription(
      "A day in your browser’s date format; the offer ends at the end of that day on the UTC clock (23:59:59 UTC). Leave empty for an open-ended offer.",
    );
    await expect(form.getByTestId("listing-expiry-words")).toHaveCount(0);
    await date.fill("2099-03-15");
    // the field shows 03/15/2099 in this browser: the words leave no doubt which day, and when in the lister's own time
    await expect(form.getByTestId("listing-expiry-words")).toHaveText("The offer ends Sunday 15 March 2099, 23:59:59 UTC (15 Mar 2099, 19:59 GMT-4 your time).");
    await form.getByLabel("Price (CAP)").fill("3");
    await form.getByLabel("Terms").fill("Online republication with credit.");
    await form.getByTestId("listing-expiry-words").scrollIntoViewIfNeeded();
    await bothWidths(page, "rights-date", "walk-twelve");
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === pathOf(rightsCreate) && response.request().method() === "POST");
    await form.getByRole("button", { name: "List rights" }).click();
    const answer = (await (await created).json()) as { listing: { listingId: string; expiresAt: string } };
    expect(answer.listing.expiresAt).toBe(String(Date.UTC(2099, 2, 15, 23, 59, 59) / 1000));

    // the buyer's side: before the deposit, the offer's end in the same words
    const card = page.locator(`[data-testid="listing"][data-listing-id="${answer.listing.listingId}"]`);
    await card.getByRole("button", { name: "Take a licence" }).click();
    await expect(card.getByTestId("licence-offer-ends")).toHaveText("This offer ends Sunday 15 March 2099, 23:59:59 UTC.");
    await card.getByTestId("take-licence").scrollIntoViewIfNeeded();
    await bothWidths(page, "rights-take", "walk-twelve");
    expect(errors).toEqual([]);
  });
});

test("Submit pressed again while a declined payment's voucher is held says which authorization it uses; the earlier one cannot land another version", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk12s-${stamp}`;
  await desk.outlet(owner.key, slug, "The Twelfth Walk Voucher");
  const id = await desk.draft(owner.key, slug, `Night ferry ${stamp}`, "The night ferry returns.\n\nIt runs from May.");
  const errors = watchConsole(page);
  const wallet = await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  const submit = page.getByRole("button", { name: "Submit and pay 30 CAP" });
  const submitPath = pathOf(capsuleSubmit, { id });
  type Answer = { registry: string; fee: string; signature: string; deadline: string; voucher: Parameters<typeof submitVoucherFromJson>[0] };
  const nextVoucher = async () => (await (await page.waitForResponse((r) => new URL(r.url()).pathname === submitPath && r.request().method() === "POST")).json()) as Answer;

  // the payment declined: the first voucher is held
  wallet.rejectNext("eth_sendTransaction");
  const firstAnswer = nextVoucher();
  await submit.click();
  const first = await firstAnswer;
  await expect(page.getByTestId("submit-voucher-held")).toBeVisible();
  await expect(page.locator("#draft-body")).toBeDisabled();

  // Submit again, the wallet's prompt open: the page names the new authorization and what becomes of the earlier one
  const prompt = wallet.holdNext("eth_sendTransaction");
  const secondAnswer = nextVoucher();
  await submit.click();
  const second = await secondAnswer;
  const replaced = page.getByTestId("submit-voucher-replaced");
  // to the second, and how far apart they were given: two authorizations given seconds apart read apart
  await expect(replaced).toHaveText(
    new RegExp(
      `^This attempt uses a new authorization from this site, valid until ${voucherDeadlineWords(second.deadline, { seconds: true })}\\. The earlier one, given (less than a second|\\d+ (second|minute)s?) before it and (also )?valid until ${voucherDeadlineWords(first.deadline, { seconds: true })}, is for this same version, since the draft stayed locked: it cannot bring another version to the chain\\. Whichever of the two reaches the chain first submits this version, and the chain refuses the other\\.$`,
    ),
  );
  // each deadline in its own <time>, to the second, on the UTC clock; two deadlines seconds apart read apart
  const times = replaced.locator("time");
  await expect(times).toHaveText([voucherDeadlineWords(second.deadline, { seconds: true }), voucherDeadlineWords(first.deadline, { seconds: true })]);
  await expect(times.first()).toHaveText(/\d\d:\d\d:\d\d UTC$/);
  if (first.deadline !== second.deadline) expect(await times.nth(0).innerText()).not.toBe(await times.nth(1).innerText());
  await expect(page.getByTestId("submit-voucher-region")).toHaveAttribute("role", "status");
  await expect(page.getByTestId("submit-voucher-held")).toHaveCount(0);
  // what the page says is so: both vouchers commit to the same content and manifest
  expect(second.voucher.contentHash).toBe(first.voucher.contentHash);
  expect(second.voucher.manifestHash).toBe(first.voucher.manifestHash);
  expect(Number(second.deadline)).toBeGreaterThanOrEqual(Number(first.deadline));
  await replaced.scrollIntoViewIfNeeded();
  await bothWidths(page, "submit-again", "walk-twelve");

  prompt.release();
  await expect(page.getByTestId("submit-done")).toContainText("Voting is open until", { timeout: 60_000 });
  await expect(replaced).toHaveCount(0);

  // the earlier voucher, sent now by the same wallet, is refused by the chain: the capsule is there already
  await expect(
    jury.send(owner, (client) =>
      client.writeContract({ address: getAddress(first.registry), abi: articleRegistryAbi, functionName: "submitCapsule", args: [submitVoucherFromJson(first.voucher), first.signature as Hex], value: BigInt(first.fee) }),
    ),
  ).rejects.toThrow(/CapsuleExists/);
  await doneLoading(page);
  expect(errors).toEqual([]);
});
