import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { addressOf, courtDesk, type CourtFixture } from "./support/court-fixture";
import { devWallet, juryChain, type Wallet } from "./support/jury-chain";
import { installTestWallet } from "./support/test-wallet";
import { phoneShot, shot, signIn } from "./support/page-helpers";

// The court from the browser: a bonded reader fills the dispute form (its checks; the form's payment and
// the jurors' pages are e2e/jury-court.spec.ts) and the same dispute is opened on JuryCourt and filed; the
// reader's page turns Contested; the case page offers no one a verdict form; a jury of a bench outlet's
// Editors finds it Misleading (e2e/support/jury-chain.ts), the case page shows the finding and the penalty,
// the reader's page turns Misleading and the outlet's distribution shows the downgrade.
// Then the journalist lists the article's rights and the reader takes a licence.

test.describe.configure({ mode: "serial" });

const OWNER = 1; // outlet owner, journalist and its only Editor
const DISPUTER = 2; // a reader with a small bond
const OPEN_BUTTON = "Pay 3 CAP and open the jury case";

const stamp = Date.now().toString(36);
const desk = courtDesk();
const jury = juryChain();
const disputer: Wallet = devWallet(DISPUTER);
let bench: Awaited<ReturnType<typeof jury.seatBench>>;
let fixture: CourtFixture;
let caseId = "";

type Actor = { context: BrowserContext; page: Page; errors: string[] };
const actors: Actor[] = [];

async function openActor(browser: Browser, keyIndex: number): Promise<Actor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await installTestWallet(page, keyIndex);
  const actor = { context, page, errors };
  actors.push(actor);
  return actor;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bench = await jury.seatBench(`court-bench-${stamp}`); // the jury pool, seated before the case is opened
  fixture = await desk.finalizedCapsule({
    ownerKey: OWNER,
    disputerKey: DISPUTER,
    slug: `court-${stamp}`,
    outletName: "The Council Ledger",
    title: `Council budget rises forty percent ${stamp}`,
  });
});

test.afterAll(async () => {
  for (const actor of actors) await actor.context.close();
  await bench?.leave(); // the next spec's jury is drawn from the same stack
});

test("a bonded reader disputes an article and the reader's page follows the label from contested to misleading", async ({ browser }) => {
  const reader = await openActor(browser, DISPUTER);
  const { page } = reader;

  // the finalized article starts clean
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("reader-title")).toHaveText(fixture.title);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "clean");

  // the dispute page explains who may dispute; signed out, the form cannot be sent
  await page.goto(`/capsules/${fixture.capsuleId}/dispute`);
  await expect(page.getByRole("heading", { name: "Dispute an article", level: 1 })).toBeVisible();
  await expect(page.getByTestId("dispute-capsule-title")).toHaveText(fixture.title);
  await expect(page.getByText("Any wallet with a bond (CAP deposited on the")).toBeVisible();
  await expect(page.getByTestId("dispute-signin-hint")).toBeVisible();
  const form = page.getByRole("form", { name: "Open a dispute" });
  await expect(form.getByRole("button", { name: OPEN_BUTTON })).toBeDisabled();

  await signIn(page);
  await expect(page.getByTestId("dispute-bond")).toHaveText("Your bond of 10 CAP lets you open a case.");

  // field errors in words before anything is sent
  await form.getByRole("button", { name: OPEN_BUTTON }).click();
  await expect(page.locator("#dispute-claim-error")).toHaveText("Quote the claim you challenge, or choose an evidence item below.");
  await expect(page.locator("#dispute-grounds-error")).toHaveText("Explain your grounds.");
  await form.getByLabel("Grounds").fill("Too short");
  await form.getByRole("button", { name: OPEN_BUTTON }).click();
  await expect(page.locator("#dispute-grounds-error")).toHaveText("Write at least 20 characters (now 9).");

  await form.getByLabel("Claim challenged").fill("The council's budget rose by forty percent this year.");
  await form.getByLabel("Evidence item challenged").selectOption({ label: `Evidence 1 · ${fixture.evidenceLabel} (document)` });
  await form.getByLabel("Grounds").fill("The minutes cited as evidence record a rise of 4 percent, not 40 percent; the figure is off by a factor of ten.");
  await form.getByLabel("Label you ask for").selectOption("misleading");
  await expect(page.locator("#dispute-claim-error")).toHaveCount(0);
  await shot(page, "court-dispute-form");

  // the form's payment from the wallet is e2e/jury-court.spec.ts; here the same dispute is opened on
  // JuryCourt and filed over the API, as the form does
  const opened = await jury.dispute(disputer, fixture.capsuleId, {
    claim: "The council's budget rose by forty percent this year.",
    evidenceId: fixture.evidenceId,
    grounds: "The minutes cited as evidence record a rise of 4 percent, not 40 percent; the figure is off by a factor of ten.",
    requestedLabel: "misleading",
  });
  caseId = opened.case.caseId;
  expect(opened.capsule.integrityLabel).toBe("contested");

  // the reader's page: contested
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "contested");
  await expect(page.getByTestId("integrity-label")).toContainText("Contested");
  // the reader is told which sentence is challenged
  await expect(page.getByTestId("reader-open-case")).toContainText("It challenges the passage “The council's budget rose by forty percent this year.”");
  await shot(page, "court-reader-contested");

  // the dispute page now points at the open case instead of offering a second one
  await page.goto(`/capsules/${fixture.capsuleId}/dispute`);
  await expect(page.getByTestId("dispute-already-open")).toContainText(`Court case #${caseId} is already open`);
  await expect(page.getByTestId("label-history")).toContainText("Contested");

  // the cases list, filtered by status and outlet
  await page.goto("/court");
  await expect(page.getByRole("heading", { name: "Integrity court", level: 1 })).toBeVisible();
  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Open" }).click();
  await page.getByTestId("case-outlet-filter").selectOption(fixture.outletSlug);
  await expect(page).toHaveURL(new RegExp(`/court\\?status=open&outlet=${fixture.outletSlug}$`));
  const rows = page.getByTestId("case-rows").locator("li");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Case #${caseId}`);
  await expect(rows.first().getByTestId("case-status")).toHaveText("Open");
  await shot(page, "court-cases");
  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Closed" }).click();
  await expect(page.getByTestId("cases-empty")).toBeVisible();

  // the case page: a jury decides, no wallet is offered a verdict form
  await page.goto(`/court/${caseId}`);
  await expect(page.getByRole("heading", { name: `Court case #${caseId}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("case-capsule-title")).toHaveText(fixture.title);
  await expect(page.getByTestId("case-claim")).toHaveText("The council's budget rose by forty percent this year.");
  // numbered by its place in the article's evidence, as in the dispute form, not by its database id
  await expect(page.getByTestId("case-evidence")).toContainText(`Evidence 1 · ${fixture.evidenceLabel}`);
  await expect(page.getByTestId("case-evidence")).not.toContainText(`#${fixture.evidenceId}`);
  await expect(page.getByTestId("case-timeline").locator("[data-kind='evidence_named']")).toContainText("Evidence 1 is named in the case.");
  // the bridge's three entries (opened, evidence named, label changed), with the jury's on-chain events between them
  await expect(page.getByTestId("case-timeline").locator("li:not([data-kind^='jury:'])")).toHaveCount(3);
  await expect(page.getByTestId("case-timeline").locator("[data-kind='jury:CaseOpened']")).toContainText("Jury case opened on chain");
  await expect(page.getByTestId("case-claim-reply-verdict")).toContainText("A jury of bonded Editors of other outlets decides this case; its label is final after the appeal period.");
  await expect(page.getByRole("form", { name: "Record a verdict" })).toHaveCount(0);
  await shot(page, "court-case-open");

  // the jury's findings, final after the appeal period, settle the case (label, penalty)
  await jury.decide(caseId, bench.jurors, ["misleading"], disputer);
  const outlet = await openActor(browser, OWNER);
  await outlet.page.goto(`/court/${caseId}`);
  await expect(outlet.page.getByTestId("case-outcome")).toContainText("Misleading: a material inaccuracy");
  await expect(outlet.page.getByTestId("case-outcome")).toContainText(/Decided by the jury of JuryCourt case \d+ in round 1/);
  await expect(outlet.page.getByTestId("case-outcome")).toContainText("Recorded on chain by the jury court,");
  // what the label does, as it is: still readable, no ads, ranked lower
  await expect(outlet.page.getByText("The article stays readable with this label, but carries no ads")).toBeVisible();
  await expect(outlet.page.getByTestId("case-status")).toHaveText("Closed");
  await expect(outlet.page.getByTestId("penalty-amount")).toHaveText("25 CAP");
  await expect(outlet.page.getByTestId("penalty-tx")).toHaveText(/^0x[0-9a-f]{64}$/);
  const closedTimeline = outlet.page.getByTestId("case-timeline");
  await expect(closedTimeline.locator("li:not([data-kind^='jury:'])")).toHaveCount(6);
  await expect(closedTimeline.locator("[data-kind='jury:Revealed']")).toHaveCount(bench.jurors.length);
  await expect(closedTimeline.locator("[data-kind='jury:CaseFinal']")).toContainText("Article: misleading");
  await expect(outlet.page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  await shot(outlet.page, "court-case-closed");
  await phoneShot(outlet.page, "court-case-closed-phone");

  // the reader's page: misleading
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  await expect(page.getByTestId("integrity-label")).toContainText("Misleading");
  await expect(page.getByTestId("reader-decided-case")).toContainText(`court case #${caseId}`);
  await expect(page.getByTestId("reader-case-passage")).toHaveText("The case challenged the passage “The council's budget rose by forty percent this year.”");
  await shot(page, "court-reader-misleading");

  // the outlet's distribution on its page (the /distribution list pages its outlets, oldest first, and other specs'
  // outlets fill its first pages on a shared stack): record no longer clean, penalty downgrade in force
  await page.goto(`/outlets/${fixture.outletSlug}`);
  const card = page.locator(`[data-testid="distribution-outlet"][data-slug="${fixture.outletSlug}"]`);
  await expect(card.getByTestId("distribution-tier")).toHaveText("Standard");
  await expect(card.getByTestId("distribution-penalty")).toContainText(`misleading verdict of court case #${caseId}`);
  await expect(card.getByTestId("distribution-next")).toContainText("To move up to Elevated");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "distribution");

  expect(reader.errors).toEqual([]);
  expect(outlet.errors).toEqual([]);
});

test("the journalist lists the article's rights and a reader takes a licence", async ({ browser }) => {
  const journalist = await openActor(browser, OWNER);
  await journalist.page.goto(`/rights?capsule=${fixture.capsuleId}`);
  await expect(journalist.page.getByRole("heading", { name: "Rights and licences", level: 1 })).toBeVisible();
  await expect(journalist.page.getByTestId("listings-empty")).toBeVisible();
  await signIn(journalist.page);
  const form = journalist.page.getByRole("form", { name: "List rights" });
  await expect(form.getByLabel("Capsule")).toHaveValue(fixture.capsuleId);
  await expect(journalist.page.getByTestId("listing-eligibility")).toContainText("you are its journalist, so you may list its rights");
  await form.getByLabel("Licence type").selectOption("syndication");
  // a country written out and a short wallet address are refused in sentences, not in the schema's words
  await form.getByLabel("Territory").fill("Germany");
  await form.getByLabel("Payments go to (optional)").fill("0x1234");
  await form.getByLabel("Price (CAP)").fill("twelve");
  await form.getByRole("button", { name: "List rights" }).click();
  await expect(journalist.page.locator("#listing-territory-error")).toHaveText("Territory: use a two-letter country code such as DE, or worldwide.");
  await expect(journalist.page.locator("#listing-payee-error")).toHaveText(
    "Enter a wallet address: 0x followed by 40 hexadecimal characters (not the zero address), or leave the field empty to be paid yourself.",
  );
  await expect(journalist.page.locator("#listing-price-error")).toHaveText("Enter a price in CAP, like 12 or 0.5 (a decimal comma works too; up to 18 decimals); 0 makes the licence free.");
  await expect(form).not.toContainText(/ISO 3166|0x-prefixed|20-byte/);
  await shot(journalist.page, "rights-form-errors");
  await journalist.page.setViewportSize({ width: 360, height: 800 });
  expect(await journalist.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(journalist.page, "rights-form-errors-360");
  await journalist.page.setViewportSize({ width: 1280, height: 900 });
  await form.getByLabel("Payments go to (optional)").fill("");
  await form.getByLabel("Territory").fill("de");
  await form.getByLabel("Price (CAP)").fill("12,5"); // a decimal comma is a decimal point
  await form.getByLabel("Terms").fill(`Republication in print and online with credit to ${fixture.outletName}.`);
  await form.getByRole("button", { name: "List rights" }).click();
  await expect(journalist.page.getByTestId("listing-created")).toContainText(`for capsule #${fixture.capsuleId}`);
  const listing = journalist.page.getByTestId("listing");
  await expect(listing).toHaveCount(1);
  await expect(listing.first()).toContainText("Syndication licence · DE");
  // the card names the article licensed, linked to it, and its outlet
  await expect(listing.first().getByTestId("listing-article").getByRole("link", { name: `Council budget rises forty percent ${stamp}` })).toHaveAttribute("href", `/read/${fixture.capsuleId}`);
  await expect(listing.first().getByTestId("listing-outlet")).toHaveText(fixture.outletName);
  await expect(listing.first().getByTestId("listing-outlet")).toHaveAttribute("href", `/outlets/court-${stamp}`);
  await expect(listing.getByTestId("listing-price")).toHaveText("12.5 CAP");

  const reader = await openActor(browser, DISPUTER);
  await reader.page.goto("/rights");
  await signIn(reader.page);
  const row = reader.page.locator(`[data-testid="listing"]`).filter({ hasText: `capsule #${fixture.capsuleId}` });
  await expect(row.getByTestId("listing-payee")).toContainText("(the lister)");
  await row.getByRole("button", { name: "Take a licence" }).click();
  await expect(row.getByTestId("take-licence")).toContainText("The licence costs 12.5 CAP, deposited from your wallet into the licence escrow");
  await expect(row.getByTestId("licence-amount")).toHaveText("12.5 CAP");

  // a deposit made elsewhere can be named by its hash; the bridge checks it on the chain
  await row.getByText("Already deposited from this wallet?").click();
  await row.getByLabel("Deposit transaction hash").fill("0x1234");
  await row.getByRole("button", { name: "Record licence" }).click();
  await expect(row.getByTestId("licence-error")).toHaveText("A transaction hash is 0x followed by 64 hex digits.");
  await row.getByLabel("Deposit transaction hash").fill(`0x${"ab".repeat(32)}`);
  await row.getByRole("button", { name: "Record licence" }).click();
  await expect(row.getByTestId("licence-error")).toContainText(`No transaction 0x${"ab".repeat(32)} is known to the chain node`);
  await shot(reader.page, "rights-payment-error");
  await reader.page.setViewportSize({ width: 360, height: 800 });
  expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(reader.page, "rights-payment-error-360");
  await reader.page.setViewportSize({ width: 1280, height: 900 });

  // paying through the wallet: the deposit goes into the escrow (its pending transaction shown), then the
  // licence is recorded and the escrow releases the payment to the payee and the contributors
  await row.getByRole("button", { name: "Deposit 12.5 CAP and take the licence" }).click();
  await expect(row.getByTestId("licence-payment-tx")).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(row.getByTestId("licence-taken")).toContainText("is recorded for your wallet (12.5 CAP)");
  await expect(row.getByTestId("licence-release")).toContainText("The escrow released the payment");
  await expect(row.getByTestId("licence-release")).toContainText(`payee ${addressOf(OWNER).slice(0, 6)}…${addressOf(OWNER).slice(-4)}`);
  await shot(reader.page, "rights-released");
  await phoneShot(reader.page, "rights-released-phone");

  // the capsule's rights, with the licence taken
  await row.getByRole("button", { name: `All rights and licences of capsule #${fixture.capsuleId}` }).click();
  await expect(reader.page).toHaveURL(new RegExp(`/rights\\?capsule=${fixture.capsuleId}$`));
  const licences = reader.page.getByTestId("listing-licences");
  await expect(licences).toContainText(`${addressOf(DISPUTER).slice(0, 6)}…${addressOf(DISPUTER).slice(-4)}`);
  await expect(licences).toContainText(/payment 0x[0-9a-f]{64} · checked on chain \(block \d+\)/);
  await shot(reader.page, "rights");
  await phoneShot(reader.page, "rights-phone");

  // the journalist withdraws the listing: no new licence on it, the one taken stays, and the reader is offered none
  await journalist.page.goto(`/rights?capsule=${fixture.capsuleId}`);
  const own = journalist.page.getByTestId("listing").filter({ hasText: "Syndication licence · DE" });
  await own.getByRole("button", { name: "Withdraw listing" }).click();
  await expect(own.getByTestId("withdraw-listing")).toContainText("The 1 licence(s) already taken stay valid.");
  await own.getByRole("button", { name: "Keep it on offer" }).click();
  await expect(own.getByTestId("listing-status")).toHaveText("Available");
  await own.getByRole("button", { name: "Withdraw listing" }).click();
  await own.getByRole("button", { name: "Yes, withdraw it" }).click();
  await expect(own.getByTestId("listing-status")).toHaveText("Withdrawn");
  await expect(own.getByTestId("listing-withdrawn-note")).toHaveText("Withdrawn by its seller: no new licence can be taken on it. Licences taken before stay valid.");
  await expect(own.getByTestId("listing-licences")).toContainText(`${addressOf(DISPUTER).slice(0, 6)}…${addressOf(DISPUTER).slice(-4)}`);
  await expect(own.getByRole("button", { name: "Withdraw listing" })).toHaveCount(0);
  await shot(journalist.page, "rights-withdrawn");
  await phoneShot(journalist.page, "rights-withdrawn-phone");
  await reader.page.reload();
  const gone = reader.page.getByTestId("listing").filter({ hasText: "Syndication licence · DE" });
  await expect(gone.getByTestId("listing-status")).toHaveText("Withdrawn");
  await expect(gone.getByRole("button", { name: "Take a licence" })).toHaveCount(0);
  await expect(gone.getByRole("button", { name: "Withdraw listing" })).toHaveCount(0);

  expect(journalist.errors).toEqual([]);
  // the one refusal this test provoked on purpose (the unknown payment hash) is the browser's only complaint
  expect(reader.errors.filter((e) => !(e.includes("status of 422") && e.includes(rightsLicense.path)))).toEqual([]);
});

test("a buyer who lost the race for an exclusive listing sees the escrow refund the deposit", async ({ browser }) => {
  const price = 3n * 10n ** 18n;
  const listing = await desk.exclusiveListing(OWNER, fixture.capsuleId, price);
  const reader = await openActor(browser, DISPUTER);
  await reader.page.goto(`/rights?capsule=${fixture.capsuleId}`);
  await signIn(reader.page);
  const row = reader.page.locator(`[data-testid="listing"]`).filter({ hasText: `Listing #${listing.listingId}` });
  await row.getByRole("button", { name: "Take a licence" }).click();
  await expect(row.getByTestId("take-licence")).toContainText("or another buyer’s licence of this exclusive listing is recorded first, the escrow refunds your deposit automatically");

  // another buyer takes the listing first, while the reader's page still offers it
  const won = await desk.licenceThroughEscrow(3, listing.listingId, addressOf(OWNER), price);
  expect(won.settlement).toMatchObject({ action: "release", status: "mined" });

  await row.getByRole("button", { name: "Deposit 3 CAP and take the licence" }).click();
  const error = row.getByTestId("licence-error");
  await expect(error).toContainText(`Rights listing ${listing.listingId} is exclusive and has already been licensed; your payment is refunded (0x`);
  await expect(error).not.toContainText("do not pay again");
  await expect(row.getByRole("button", { name: "Record the licence again (no new deposit)" })).toHaveCount(0);
  const paymentTx = await row.getByTestId("licence-payment-tx").textContent();
  expect(paymentTx).toMatch(/^0x[0-9a-f]{64}$/);
  await shot(reader.page, "rights-refunded");
  await reader.page.setViewportSize({ width: 360, height: 800 });
  expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(reader.page, "rights-refunded-360");

  // the refusal the race provoked (409) is the browser's only complaint
  expect(reader.errors.filter((e) => !(e.includes("status of 409") && e.includes(rightsLicense.path)))).toEqual([]);
});
