import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";
import { poolAtSnapshot } from "./support/jury-pool";
import { freshWallet, juryChain, type Wallet } from "./support/jury-chain";

// Issue 28 from the browser: a bonded reader opens a JURY case from the dispute page (the fee shown
// before the wallet pays JuryCourt.openCase), three juror wallets find it on their juror page, commit
// and reveal through the case page (salt made and kept in the browser, offered as a file), the periods
// move on by anvil time travel and the case page's "move on" button, and the final label shows on the
// reader's page. Every wallet is new (anvil_setBalance), and the jurors' bonds dwarf every other
// Editor's, so on a stack shared with the other specs the draw still seats these three (each pick is
// proportional to bond).

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const { api, publicClient, contract, advanceChainTime, fund, activeOutlet } = jury;
const stamp = Date.now().toString(36);
const LEDGER = `jury-ledger-${stamp}`;
const BENCH = `jury-bench-${stamp}`;
const TITLE = `Harbour traffic doubled in a year ${stamp}`;
const EVIDENCE_SECONDS = 72 * 3600;
const APPEAL_SECONDS = 72 * 3600;

const owner = freshWallet();
const challenger = freshWallet();
const jurors = [freshWallet(), freshWallet(), freshWallet()] as const;
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let capsuleId = "";
let claimIds: string[] = [];
let caseId = "";

/** A finalized capsule of LEDGER with two claims, walked through submission, one yes vote and acceptance. */
async function finalizedCapsuleWithClaims() {
  const body = `${TITLE}.\n\nThe harbour authority counted 2.1 million containers, up from 1.0 million the year before.`;
  const created = await api.call(capsuleCreate, { body: {
    title: TITLE, body, outletSlug: LEDGER, category: "economy", tags: ["harbour"],
    evidence: [{ uri: "https://archive.example.org/harbour/report.pdf", contentHash: `0x${createHash("sha256").update(TITLE).digest("hex")}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Authority report" }],
    status: "draft",
  } }, owner.key);
  const id = created.capsuleId;
  const evidenceId = created.evidence[0]!.evidenceId;
  const claims = await api.call(capsuleClaimsSet, { params: { id }, body: { claims: [
    { exact: "2.1 million containers", claimType: "statistic", evidenceIds: [evidenceId] },
    { exact: "up from 1.0 million", claimType: "statistic", evidenceIds: [evidenceId] },
  ] } }, owner.key);
  claimIds = claims.items.map((c) => c.claimId);
  await jury.finalizeDraft(owner, id);
  return id;
}

type Actor = { context: BrowserContext; page: Page; errors: string[] };
const actors: Actor[] = [];
async function openActor(browser: Browser, wallet: Wallet): Promise<Actor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, wallet.key);
  const actor = { context, page, errors };
  actors.push(actor);
  return actor;
}

/** The period the bridge shows for the case (the projection follows the chain). */
const periodOf = async () => (await api.call(courtCase, { params: { id: caseId } })).case.period;

/** Anyone moves the case on from its page once the period is over; the page shows the next period. */
async function moveOn(page: Page, expected: RegExp) {
  await page.goto(`/court/${caseId}`);
  await expect(page.getByTestId("jury-period")).toBeVisible();
  // a click before the page is hydrated does nothing: click again until the period changed
  await expect(async () => {
    const alert = page.getByTestId("jury-panel").getByRole("alert");
    if (await alert.isVisible()) throw new Error(`the case page refused: ${await alert.textContent()}`);
    await page.getByRole("button", { name: "Move the case on", exact: true }).click({ timeout: 5_000 });
    await expect(page.getByTestId("jury-period")).toHaveText(expected, { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await fund(owner, "5000", "1000");
  await fund(challenger, "100", "10");
  await activeOutlet(owner, LEDGER);
  bench = await jury.seatBench(BENCH, jurors); // the jury pool, seated before the case is opened
  capsuleId = await finalizedCapsuleWithClaims();
});

test.afterAll(async () => {
  for (const actor of actors) await actor.context.close();
  // the next spec's jury is drawn from the same stack: these heavy bonds must not sit in its pool
  await bench?.leave();
});

test("a reader opens a jury case from the dispute page, paying the fee shown before signing", async ({ browser }) => {
  const { page, errors } = await openActor(browser, challenger);
  await page.goto(`/capsules/${capsuleId}/dispute`);
  await expect(page.getByText("A jury of bonded Editors of other outlets, drawn on chain, decides")).toBeVisible();
  await signIn(page);
  const form = page.getByRole("form", { name: "Open a dispute" });
  await expect(page.getByTestId("dispute-fee")).toContainText("Opening the case costs 3 CAP: 3 jurors × 1 CAP per juror, paid now from your wallet to the jury court.");
  await expect(form.getByRole("button", { name: "Pay 3 CAP and open the jury case" })).toBeEnabled();

  // nothing chosen: told in words before the wallet is asked for anything
  await form.getByRole("button", { name: "Pay 3 CAP and open the jury case" }).click();
  await expect(page.locator("#dispute-claim-error")).toHaveText("Choose the claims you dispute, quote the sentence you challenge, or choose an evidence item below.");
  await expect(page.locator("#dispute-grounds-error")).toHaveText("Explain your grounds.");

  // claims are numbered as the reader's page numbers them (their place in the article), not by id
  await form.getByRole("checkbox", { name: "Claim 1: “2.1 million containers” (Statistic)" }).check();
  await expect(form.getByRole("checkbox", { name: "Claim 2: “up from 1.0 million” (Statistic)" })).not.toBeChecked();
  await form.getByLabel("Grounds").fill("The authority's report counts 1.2 million containers, not 2.1 million; the article misreads its table.");
  await form.getByLabel("Label you ask for").selectOption("misleading");
  await bothWidths(page, "dispute-form", "jury");

  await form.getByRole("button", { name: "Pay 3 CAP and open the jury case" }).click();
  const opened = page.getByTestId("dispute-opened");
  await expect(opened).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("dispute-opened-label")).toHaveAttribute("data-label", "contested");
  // what the banner says of ads agrees with the page's own rules: a contested article carries none
  await expect(opened).toContainText("Meanwhile it stays readable but carries no ads");
  await expect(opened).not.toContainText("keeps its ads");
  caseId = ((await opened.locator("p").first().textContent()) ?? "").match(/#(\d+)/)?.[1] ?? "";
  expect(caseId).toMatch(/^\d+$/);
  const filed = (await api.call(courtCase, { params: { id: caseId } })).case;
  expect(filed).toMatchObject({ court: "jury", period: "evidence", claimIds: [claimIds[0]], openedBy: challenger.address });
  await bothWidths(page, "dispute-opened", "jury");

  // the case page in its evidence period: the period, its end in local time with zone and a countdown
  await page.goto(`/court/${caseId}`);
  await expect(page.getByTestId("jury-period")).toHaveText(/Round 1 · Evidence/);
  await expect(page.getByTestId("jury-countdown")).toHaveText(/^2 d 23 h \d+ min left$|^3 d 0 h 0 min left$/);
  // nothing to move on yet: no button to be refused, but when it will be possible
  await expect(page.getByRole("button", { name: /Move the case on/ })).toHaveCount(0);
  await expect(page.getByTestId("move-on-not-yet")).toHaveText("You can move the case on when this period ends.");
  // the disputed claim is named with its words wherever the case names it
  // by its number in the article, as the reader's page shows it, never by its database id
  await expect(page.getByTestId("case-disputed-claims")).toHaveText("Claim 1 (Statistic): “2.1 million containers”");
  await expect(page.getByTestId("jury-panel")).toContainText("Disputed: Claim 1, “2.1 million containers”.");
  await expect(page.getByTestId("jury-panel")).not.toContainText(`#${claimIds[0]}`);
  // the long page links to its parts, in the order a phone shows them
  const places = page.getByRole("navigation", { name: "Parts of this case" });
  await expect(places.getByRole("link")).toHaveText(["Claim, reply, verdict", "What is challenged", "Jury", "Evidence", "Jurors", "Integrity label", "Timeline"]);
  await page.setViewportSize({ width: 360, height: 800 });
  await places.getByRole("link", { name: "Timeline" }).click();
  await expect(page).toHaveURL(/#case-timeline$/);
  await expect(page.getByRole("heading", { name: "Timeline", level: 2 })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });
  await bothWidths(page, "case-evidence", "jury");
  expect(errors).toEqual([]);
});

test("the jurors find the case on their juror page, commit with a salt kept in the browser, and reveal", async ({ browser }) => {
  test.setTimeout(300_000);
  const challengerActor = actors[0]!;
  await advanceChainTime(EVIDENCE_SECONDS + 60);
  await moveOn(challengerActor.page, /Round 1 · Commit/);
  const drawn = (await api.call(courtCase, { params: { id: caseId } })).case.jurors.map((j) => j.juror);
  const pool = await poolAtSnapshot({ publicClient, registry: await contract("roleRegistry"), juryCourt: await contract("juryCourt"), caseId, outletSlug: LEDGER });
  expect([...drawn].sort(), pool).toEqual(jurors.map((j) => j.address).sort());
  await bothWidths(challengerActor.page, "case-commit", "jury");

  const plan = [["misleading"], ["misleading"], ["verified"]] as const;
  const jurorActors: Actor[] = [];
  const leaveWarnings: string[][] = [[], [], []];
  for (const [i, juror] of jurors.entries()) {
    const actor = await openActor(browser, juror);
    jurorActors.push(actor);
    const { page } = actor;
    // leaving the page with a salt not saved to a file asks first (beforeunload); the test leaves anyway
    page.on("dialog", (dialog) => {
      leaveWarnings[i]!.push(dialog.type());
      void dialog.accept();
    });
    await page.goto("/court");
    await page.getByTestId("court-juror-link").click();
    await expect(page).toHaveURL(/\/court\/juror$/);
    await signIn(page);
    const row = page.getByTestId("juror-case").filter({ hasText: `Case #${caseId}` });
    await expect(row).toHaveAttribute("data-duty", "commit");
    await expect(row.getByTestId("juror-next")).toContainText("Commit your findings by");
    await expect(row.getByTestId("juror-countdown")).toHaveText(/^1 d 23 h \d+ min left$|^2 d 0 h 0 min left$/);
    if (i === 0) await bothWidths(page, "juror-page-commit", "jury");
    await row.getByRole("link", { name: "Commit on the case page" }).click();
    await expect(page).toHaveURL(new RegExp(`/court/${caseId}#your-findings$`));
    const actions = page.getByTestId("juror-actions");
    if (i === 0) {
      // nothing is chosen for the juror, and nothing is committed without a finding and a reason
      await expect(actions.getByLabel("Finding")).toHaveValue("");
      await actions.getByRole("button", { name: "Review my findings" }).click();
      await expect(actions.getByRole("alert")).toContainText("Choose a finding for");
      await actions.getByLabel("Finding").selectOption(plan[i]![0]);
      await actions.getByRole("button", { name: "Review my findings" }).click();
      await expect(actions.getByRole("alert")).toContainText("Give a short reason for");
    }
    await actions.getByLabel("Finding").selectOption(plan[i]![0]);
    await actions.getByLabel(/^Reason/).fill(`Juror ${i + 1}: the report's table says 1.2 million (${plan[i]![0]}).`);
    await actions.getByRole("button", { name: "Review my findings" }).click();
    await expect(actions.getByTestId("commit-review")).toContainText(`the report's table says 1.2 million (${plan[i]![0]})`);
    await actions.getByRole("button", { name: "Sign and commit" }).click();
    // the salt was made in this browser and is kept there; leaving now is warned about until it is saved
    await expect(page.getByTestId("salt-warning")).toContainText("Save it to a file now.");
    if (i === 0) {
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download my salt and findings" }).click();
      expect((await download).suggestedFilename()).toMatch(/^jury-case-\d+-round-1\.json$/);
      await expect(page.getByTestId("salt-warning")).toContainText("You saved it to a file.");
    }
    await expect(page.locator("[data-testid='jury-jurors'] li").filter({ hasText: juror.address })).toContainText("Round 1: committed");
    if (i === 1) {
      // this juror did not save the salt to a file: the juror page says so, and where to do it
      await page.goto("/court/juror");
      const waiting = page.getByTestId("juror-case").filter({ hasText: `Case #${caseId}` });
      await expect(waiting).toHaveAttribute("data-duty", "wait-reveal");
      await expect(waiting.getByTestId("juror-salt-unsaved")).toContainText("you have not saved it to a file");
    }
  }

  // every juror committed: the commit period may end early
  await moveOn(challengerActor.page, /Round 1 · Reveal/);
  await bothWidths(challengerActor.page, "case-reveal", "jury");
  for (const [i, actor] of jurorActors.entries()) {
    const { page } = actor;
    await page.goto("/court/juror");
    // the first juror saved the salt to a file: no warning; the others were warned before leaving
    expect(leaveWarnings[i]).toEqual(i === 0 ? [] : ["beforeunload"]);
    const row = page.getByTestId("juror-case").filter({ hasText: `Case #${caseId}` });
    await expect(row).toHaveAttribute("data-duty", "reveal");
    await expect(row.getByTestId("juror-next")).toContainText("Reveal your findings by");
    if (i === 0) await bothWidths(page, "juror-page-reveal", "jury");
    await row.getByRole("link", { name: "Reveal on the case page" }).click();
    await page.getByRole("button", { name: "Sign and reveal my findings" }).click();
    await expect(page.getByTestId("juror-actions")).toContainText("You revealed your findings.");
    await expect(page.getByTestId("salt-warning")).toHaveCount(0);
  }
  await expect(jurorActors[0]!.page.getByTestId("jury-jurors")).toContainText(`: misleading — Juror 1: the report's table says 1.2 million (misleading).`);
  for (const actor of jurorActors) expect(actor.errors).toEqual([]);
});

test("the findings become final after the appeal period and the reader's page shows the label", async () => {
  const { page, errors } = actors[0]!;
  await moveOn(page, /Round 1 · (Appeal|Final)/);
  // with seven or more possible jurors (other specs' Editors on a shared stack) an appeal round could be seated
  if ((await periodOf()) === "appeal") {
    await expect(page.getByTestId("appeal-costs")).toContainText("Another round seats 7 jurors");
    await bothWidths(page, "case-appeal", "jury");
    await advanceChainTime(APPEAL_SECONDS + 60);
    await moveOn(page, /Round 1 · Final/);
  }
  await expect(page.getByTestId("case-status")).toHaveText("Closed");
  await expect(page.getByTestId("reply-jury")).toContainText("the outlet replies with its evidence");
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  // the timeline tells the jury's part in words, between the bridge's entries: draw, sealed findings, reveals, final
  const timeline = page.getByTestId("case-timeline");
  await expect(timeline.locator("[data-kind='jury:Draw']").first()).toContainText("Jurors drawn (round 1)");
  await expect(timeline.locator("[data-kind='jury:Committed']")).toHaveCount(3);
  await expect(timeline.locator("[data-kind='jury:Revealed']").first()).toContainText("found misleading");
  await expect(timeline.locator("[data-kind='jury:CaseFinal']")).toContainText("Article: misleading");
  const kinds = await timeline.locator(":scope > li").evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")));
  expect(kinds.indexOf("opened")).toBeLessThan(kinds.indexOf("jury:Draw"));
  expect(kinds.indexOf("jury:Draw")).toBeLessThan(kinds.lastIndexOf("jury:Revealed"));
  expect(kinds.lastIndexOf("jury:Revealed")).toBeLessThan(kinds.indexOf("jury:CaseFinal"));
  await bothWidths(page, "case-final", "jury");

  await page.goto(`/read/${capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  await bothWidths(page, "reader-final", "jury");

  // the court explorer, filtered by outlet, period and outcome (kept in the address bar)
  await page.goto("/court");
  await page.getByTestId("case-outlet-filter").selectOption(LEDGER);
  await page.getByTestId("case-period-filter").selectOption("final");
  await page.getByTestId("case-outcome-filter").selectOption("misleading");
  await expect(page).toHaveURL(new RegExp(`/court\\?outlet=${LEDGER}&period=final&outcome=misleading$`));
  const rows = page.getByTestId("case-rows").locator(":scope > li");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Case #${caseId}`);
  await expect(rows.first().getByTestId("case-court")).toHaveText("Jury · Final period");
  await bothWidths(page, "explorer", "jury");
  await page.getByTestId("case-period-filter").selectOption("evidence");
  await expect(page.getByTestId("cases-empty")).toBeVisible();
  expect(errors).toEqual([]);
});
