import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { getAddress, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { juryCourtAbi } from "@/lib/chain/abi";
import { claimKey } from "@/lib/chain/jury-claims";
import { FINDING, juryCommitment, signJuryCommit, signJuryReveal } from "@/lib/chain/jury-ballots";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtAppeal } from "@/features/court/appeal.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";
import { vaultDownloadPath } from "@/lib/api/vault-path";
import { pathOf } from "@/lib/api/request";
import { freshWallet, juryChain, type Wallet } from "./support/jury-chain";

// Issue 28 items 1 and 5 from the browser: both sides add evidence from the case page (a link, a file
// stored in the vault under its SHA-256, a draft kept across navigation, a bad link refused in words), and
// after a first round the appeal is funded from the case page — a chosen amount, then the exact remaining,
// a refusal explained by the dry run before paying — until both sides are funded and round 2 opens with
// seven jurors. The e2e global setup seeds no jurors, so this spec bonds seven Editors of its own bench
// outlet with bonds that dwarf every other Editor's on the shared stack (each pick is proportional to bond):
// round 2 needs seven possible jurors. Once the case is final the outlet's funder withdraws their share.

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const { api, publicClient, chainId, contract, send, advanceChainTime, fund, activeOutlet } = jury;
const stamp = Date.now().toString(36);
const LEDGER = `appeal-ledger-${stamp}`;
const BENCH = `appeal-bench-${stamp}`;
const TITLE = `Port fees rose by a third ${stamp}`;
const DAY = 24 * 3600;

const owner = freshWallet();
const challenger = freshWallet();
const jurors = Array.from({ length: 7 }, freshWallet);
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let capsuleId = "";
let claimIds: string[] = [];
let caseId = "";
let juryCaseId = 0n;

/** A finalized capsule of LEDGER with one claim, walked through submission, one yes vote and acceptance. */
async function finalizedCapsuleWithClaim() {
  const body = `${TITLE}.\n\nThe port raised its berth fee from 300 to 400 a day.`;
  const created = await api.call(capsuleCreate, { body: {
    title: TITLE, body, outletSlug: LEDGER, category: "economy", tags: ["port"],
    evidence: [{ uri: "https://archive.example.org/port/fees.pdf", contentHash: `0x${createHash("sha256").update(TITLE).digest("hex")}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Fee schedule" }],
    status: "draft",
  } }, owner.key);
  const id = created.capsuleId;
  const claims = await api.call(capsuleClaimsSet, { params: { id }, body: { claims: [{ exact: "from 300 to 400 a day", claimType: "statistic", evidenceIds: [created.evidence[0]!.evidenceId] }] } }, owner.key);
  claimIds = claims.items.map((c) => c.claimId);
  await jury.finalizeDraft(owner, id);
  return id;
}

type Actor = { context: BrowserContext; page: Page; errors: string[] };
const actors = new Map<string, Actor>();
async function actor(browser: Browser, name: string, wallet: Wallet): Promise<Actor> {
  const known = actors.get(name);
  if (known) return known;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await installTestWallet(page, wallet.key);
  const made = { context, page, errors };
  actors.set(name, made);
  return made;
}

const caseNow = async () => (await api.call(courtCase, { params: { id: caseId } })).case;
const advance = async () => (await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case;
const keyOf = (address: string) => jurors.find((j) => j.address.toLowerCase() === address.toLowerCase())!.key;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await fund(owner, "5000", "1000");
  await fund(challenger, "200", "10");
  await activeOutlet(owner, LEDGER);
  bench = await jury.seatBench(BENCH, jurors); // the jury pool, seated before the case is opened
  capsuleId = await finalizedCapsuleWithClaim();
  // the case is opened on chain and filed with the bridge (the dispute page's own flow is jury-court.spec.ts's)
  const court = await contract("juryCourt");
  const openTxHash = await send(challenger, (client) =>
    client.writeContract({ address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(capsuleId), claimIds.map((id) => claimKey(Number(id)))], value: parseEther("3") }),
  );
  const filed = await api.call(capsuleDispute, { params: { id: capsuleId }, body: { grounds: "The schedule says 300 to 340, not 400: the article misreads it.", claimIds, openTxHash } }, challenger.key);
  caseId = filed.case.caseId;
  juryCaseId = BigInt(filed.case.juryCaseId ?? "0");
});

test.afterAll(async () => {
  for (const a of actors.values()) await a.context.close();
  // the next spec's jury is drawn from the same stack: these heavy bonds must not sit in its pool
  await bench?.leave();
});

test("both sides add evidence from the case page: a link, a file with its hash, a kept draft and a refused link", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, errors } = await actor(browser, "challenger", challenger);
  await page.goto(`/court/${caseId}`);
  await expect(page.getByTestId("jury-period")).toHaveText(/Round 1 · Evidence/);
  await expect(page.getByTestId("evidence-sign-in")).toBeVisible();
  await signIn(page);
  const form = page.getByRole("form", { name: "Add evidence" });
  await expect(form).toContainText("Add evidence as the challenger");

  // a link that is no web, IPFS or Arweave address is refused in words before anything is sent
  await form.getByLabel("Link (optional)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add the evidence" }).click();
  await expect(form.getByText("Enter a link starting with https://, http://, ipfs:// or ar://.")).toBeVisible();

  // what was typed survives leaving the page and coming back
  await form.getByLabel("Link (optional)").fill("https://archive.example.org/port/schedule-2024.pdf");
  await page.goto("/court");
  await page.goto(`/court/${caseId}`);
  await expect(form.getByLabel("Link (optional)")).toHaveValue("https://archive.example.org/port/schedule-2024.pdf");

  // a file: picked with a button like the form's others (not the browser's bare "Choose File" box),
  // hashed in the browser, stored in the vault under that hash, shown with it
  const picker = form.getByText("Choose a file…");
  await expect(picker).toBeVisible();
  await expect(picker).toHaveCSS("border-top-style", "solid");
  await expect(picker).toHaveCSS("cursor", "pointer");
  expect((await picker.boundingBox())?.height, "the picker is a full touch target").toBeGreaterThanOrEqual(43.5);
  expect((await form.getByLabel("File (optional, up to 10 MB)").boundingBox())?.width, "the native picker is hidden").toBeLessThanOrEqual(1);
  await bothWidths(page, "evidence-form-picker", "jury-appeal");
  const table = Buffer.from("berth,2023,2024\nfee per day,300,340\n");
  const hash = createHash("sha256").update(table).digest("hex");
  await form.getByLabel("File (optional, up to 10 MB)").setInputFiles({ name: "schedule.csv", mimeType: "text/csv", buffer: table });
  await expect(form.getByTestId("evidence-file")).toContainText(`SHA-256 0x${hash}`);
  await bothWidths(page, "evidence-form", "jury-appeal");
  await form.getByRole("button", { name: "Add the evidence" }).click();
  await expect(form.getByTestId("evidence-added")).toContainText("the file and the link", { timeout: 60_000 });
  const list = page.getByTestId("jury-evidence-item");
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText(`Challenger · round 1`);
  await expect(list.nth(0)).toContainText(`SHA-256 0x${hash}`);
  await expect(list.nth(1).getByRole("link", { name: "https://archive.example.org/port/schedule-2024.pdf" })).toBeVisible();
  // each item says what it is: who submitted it, a vault file (its name, type and fingerprint) or a link
  await expect(list.nth(0).getByTestId("evidence-label")).toHaveText("Evidence 1 · Vault file · submitted by the challenger");
  await expect(list.nth(0).getByTestId("evidence-title")).toHaveText("schedule.csv");
  await expect(list.nth(0)).toContainText("(text/csv)");
  await expect(list.nth(1).getByTestId("evidence-label")).toHaveText("Evidence 2 · Link · submitted by the challenger");
  await expect(form.getByLabel("Link (optional)")).toHaveValue("");
  const onChain = (await caseNow()).evidence.map((e) => [e.side, e.uri]);
  expect(onChain).toEqual([["challenger", vaultDownloadPath(hash)], ["challenger", "https://archive.example.org/port/schedule-2024.pdf"]]);
  await bothWidths(page, "evidence-added", "jury-appeal");

  // the outlet replies with its evidence from the same form
  const outlet = await actor(browser, "owner", owner);
  await outlet.page.goto(`/court/${caseId}`);
  await signIn(outlet.page);
  const outletForm = outlet.page.getByRole("form", { name: "Add evidence" });
  await expect(outletForm).toContainText("Add evidence as the outlet");
  await outletForm.getByLabel("Link (optional)").fill("https://appeal-ledger.example.net/corrections/port-fees");
  await outletForm.getByRole("button", { name: "Add the evidence" }).click();
  await expect(outletForm.getByTestId("evidence-added")).toBeVisible({ timeout: 60_000 });
  await expect(outlet.page.getByTestId("jury-evidence-item").nth(2)).toContainText("Outlet · round 1");
  await expect(outlet.page.getByTestId("jury-evidence-item").nth(2).getByTestId("evidence-label")).toHaveText("Evidence 3 · Link · submitted by the outlet");

  // anyone else signed in is told who may add evidence
  const stranger = await actor(browser, "juror0", jurors[0]!);
  await stranger.page.goto(`/court/${caseId}`);
  await signIn(stranger.page);
  await expect(stranger.page.getByTestId("evidence-not-party")).toHaveText("Only the challenger and the outlet’s author and members may add evidence to this case.");
  await expect(stranger.page.getByRole("form", { name: "Add evidence" })).toHaveCount(0);
  for (const a of [errors, outlet.errors, stranger.errors]) expect(a).toEqual([]);
});

test("the appeal is funded from the case page, a refusal explained before paying, until round 2 opens with seven jurors", async ({ browser }) => {
  test.setTimeout(300_000);
  // round 1: three jurors drawn, commit and reveal (signed and relayed as the juror page does), all "misleading"
  await advanceChainTime(3 * DAY + 60);
  const drawn = (await advance()).jurors.map((j) => j.juror);
  expect(drawn).toHaveLength(3);
  const court = await contract("juryCourt");
  const salt = (juror: string) => `0x${createHash("sha256").update(`salt ${juror}`).digest("hex")}` as Hex;
  for (const juror of drawn) {
    const account = privateKeyToAccount(keyOf(juror));
    const commitment = juryCommitment(juryCaseId, 0n, getAddress(juror), [FINDING.misleading], salt(juror));
    const signature = await signJuryCommit(account, court, chainId, { caseId: juryCaseId, round: 0n, juror: getAddress(juror), commitment });
    await api.call(courtCommit, { params: { id: caseId }, body: { commitment, signature } }, keyOf(juror));
  }
  expect((await advance()).period).toBe("reveal");
  for (const juror of drawn) {
    const account = privateKeyToAccount(keyOf(juror));
    const reasons = ["The schedule reads 340, not 400."];
    const signature = await signJuryReveal(account, court, chainId, { caseId: juryCaseId, round: 0n, juror: getAddress(juror), findings: [FINDING.misleading], reasons, salt: salt(juror) });
    await api.call(courtReveal, { params: { id: caseId }, body: { findings: ["misleading"], reasons, salt: salt(juror), signature } }, keyOf(juror));
  }
  expect(await advance()).toMatchObject({ period: "appeal", winner: "challenger" });

  // the challenger funds its side: first a chosen amount, then exactly what remains
  const { page, errors } = await actor(browser, "challenger", challenger);
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const costs = page.getByTestId("appeal-costs");
  await expect(costs).toContainText("Another round seats 7 jurors and costs 7 CAP.");
  await expect(costs).toContainText("Challenger (won this round): needs 7 CAP, raised 0 CAP, still 7 CAP; can be funded until");
  await expect(costs).toContainText("Outlet (lost this round): needs 14 CAP, raised 0 CAP, still 14 CAP; can be funded until");
  const fundForm = page.getByRole("form", { name: "Fund this appeal" });
  // a party's own side is chosen for it
  await expect(fundForm.getByTestId("appeal-your-side")).toHaveText("You speak for the challenger in this case.");
  await expect(fundForm.getByRole("radio", { name: /The challenger .* your side/ })).toBeChecked();
  await expect(fundForm.getByRole("radio", { name: /The outlet .* the other side/ })).not.toBeChecked();
  await expect(fundForm.getByRole("button", { name: "Pay 7 CAP to fund the challenger" })).toBeVisible();
  await fundForm.getByLabel("Amount in CAP").fill("9");
  await fundForm.getByRole("button", { name: /Pay 9 CAP/ }).click();
  await expect(fundForm.getByText("The challenger needs only 7 CAP more; enter at most that.")).toBeVisible();
  // a thousands separator is refused in words; a decimal comma is a decimal point
  await fundForm.getByLabel("Amount in CAP").fill("1,000.5");
  await fundForm.getByRole("button", { name: "Pay to fund the challenger" }).click();
  await expect(fundForm.getByText("“1,000.5” has both a comma and a point: write the amount without thousands separators and one decimal separator, for example 1000.5 or 1000,5.")).toBeVisible();
  await fundForm.getByLabel("Amount in CAP").fill("2,5");
  await bothWidths(page, "appeal-fund", "jury-appeal");
  await fundForm.getByRole("button", { name: "Pay 2.5 CAP to fund the challenger" }).click();
  await expect(page.getByTestId("appeal-funded")).toHaveText("Your 2.5 CAP for the challenger was recorded.", { timeout: 60_000 });
  await expect(costs).toContainText("Challenger (won this round): needs 7 CAP, raised 2.5 CAP, still 4.5 CAP; can be funded until");
  await expect(costs).toContainText("The side that lost must raise twice that, in the first half of the period");
  // API clients ask the appeal route, which answers the figures the page builds from its case read
  const quote = await api.call(courtAppeal, { params: { id: caseId } });
  expect(quote).toMatchObject({
    caseId,
    round: 0,
    nextRoundJurors: 7,
    nextRoundCost: parseEther("7").toString(),
    sides: [
      { side: "challenger", sideNumber: 1, winning: true, required: parseEther("7").toString(), paid: parseEther("2.5").toString(), remaining: parseEther("4.5").toString() },
      { side: "outlet", sideNumber: 2, winning: false, required: parseEther("14").toString(), paid: "0", remaining: parseEther("14").toString() },
    ],
    transaction: { to: getAddress(court), functionName: "fundAppeal" },
  });
  // each side's deadline is the contract's: the losing outlet's half-way through the period, the challenger's at its end
  const deadlines = await Promise.all(
    [1, 2].map((side) => publicClient.readContract({ address: getAddress(court), abi: juryCourtAbi, functionName: "appealFundingEndsAt", args: [BigInt(quote.juryCaseId), side] })),
  );
  expect(quote.sides.map((s) => s.fundingEndsAt)).toEqual(deadlines.map(String));
  expect(Number(quote.sides[1]!.fundingEndsAt)).toBeLessThan(Number(quote.sides[0]!.fundingEndsAt));

  // the outlet's page, which has not heard of what follows yet, still shows the challenger's side open; the
  // challenger then completes it. The page's figures come from its case read, which every push re-reads, so
  // to keep the page behind (a slow connection) its reads of the case are answered from before, for a while.
  const outlet = await actor(browser, "owner", owner);
  await outlet.page.goto(`/court/${caseId}`);
  await signIn(outlet.page);
  const outletForm = outlet.page.getByRole("form", { name: "Fund this appeal" });
  await expect(outletForm.getByRole("radio", { name: /^The challenger \(still needs 4\.5 CAP\) · the other side$/ })).toBeVisible();
  // the outlet's side is preselected for its owner, never the opponent's
  await expect(outletForm.getByTestId("appeal-your-side")).toHaveText("You speak for the outlet in this case.");
  await expect(outletForm.getByRole("radio", { name: /^The outlet/ })).toBeChecked();
  await expect(outletForm.getByRole("button", { name: "Pay 14 CAP to fund the outlet" })).toBeVisible();
  const caseRead = pathOf(courtCase, { id: caseId });
  const heldCase = await (await outlet.page.request.get(caseRead)).text();
  const behind = (url: URL) => url.pathname === caseRead;
  await outlet.page.route(behind, (route) => route.fulfill({ status: 200, contentType: "application/json", body: heldCase }));
  await fundForm.getByRole("radio", { name: /The challenger/ }).check();
  await fundForm.getByRole("button", { name: "Pay 4.5 CAP to fund the challenger" }).click();
  await expect(page.getByTestId("appeal-funded")).toHaveText("Your 4.5 CAP for the challenger was recorded.", { timeout: 60_000 });
  await expect(costs).toContainText("raised 7 CAP, still 0 CAP");

  // the stale page tries to fund the side already funded: the dry run refuses before the wallet pays
  const before = await publicClient.getBalance({ address: owner.address });
  await outletForm.getByRole("radio", { name: /The challenger/ }).check();
  await expect(outletForm.getByTestId("appeal-other-side")).toHaveText("This pays toward the challenger’s appeal, the side opposing yours.");
  await outletForm.getByRole("button", { name: "Pay 4.5 CAP to fund the challenger" }).click();
  await expect(outletForm.getByRole("alert")).toHaveText("That side is already fully funded. Nothing was paid.");
  expect(await publicClient.getBalance({ address: owner.address })).toBe(before);
  await outlet.page.unroute(behind);

  // the outlet funds its own side with the exact remaining: both sides funded, round 2 opens at once
  await outlet.page.reload();
  await signIn(outlet.page);
  await expect(outletForm.getByRole("radio")).toHaveCount(1);
  await outletForm.getByRole("button", { name: "Pay 14 CAP to fund the outlet" }).click();
  await expect(outletForm.getByRole("button", { name: /Checking with the jury court…|Confirm in your wallet…|Waiting for the transaction…|Updating the funding…/ })).toBeVisible();
  await expect(outlet.page.getByTestId("appeal-funded")).toHaveText(
    "Your 14 CAP for the outlet was recorded. Both sides are funded: round 2 has opened with 7 jurors, starting with its evidence period.",
    { timeout: 60_000 },
  );
  await expect(outlet.page.getByTestId("jury-period")).toHaveText(/Round 2 · Evidence/);
  await bothWidths(outlet.page, "round-two-opened", "jury-appeal");
  expect((await caseNow())).toMatchObject({ round: 1, period: "evidence" });

  // round 2 seats seven jurors when its evidence period ends
  await advanceChainTime(3 * DAY + 60);
  const second = await advance();
  expect(second.period).toBe("commit");
  expect(second.jurors.filter((j) => j.round === 1)).toHaveLength(7);
  for (const a of [errors, outlet.errors]) expect(a).toEqual([]);
});

test("once the case is final the outlet's funder withdraws their share of the appeal from the page", async () => {
  test.setTimeout(240_000);
  // nobody reveals in round 2: no finding goes the challenger's way, so the outlet prevails
  await advanceChainTime(2 * DAY + 60);
  expect((await advance()).period).toBe("reveal");
  await advanceChainTime(2 * DAY + 60);
  let next = await advance();
  if (next.period === "appeal") {
    await advanceChainTime(3 * DAY + 60);
    next = await advance();
  }
  expect(next).toMatchObject({ period: "final", winner: "outlet" });

  const { page, errors } = actors.get("owner")!;
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const refunds = page.getByTestId("appeal-refunds");
  // the appeal raised 21 CAP for a 7 CAP round; no round-2 juror revealed, so that round's 7 CAP fee went back
  // to the appeal's pool too: the outlet's only funder takes all 21 CAP
  await expect(refunds).toContainText("Your contribution to the appeal after round 1: 21 CAP to take back.");
  await bothWidths(page, "refund", "jury-appeal");
  const before = await publicClient.getBalance({ address: owner.address });
  await refunds.getByRole("button", { name: "Withdraw 21 CAP" }).click();
  await expect(page.getByTestId("appeal-refund-done")).toHaveText("21 CAP from round 1’s appeal: paid to your wallet.", { timeout: 60_000 });
  expect(await publicClient.getBalance({ address: owner.address })).toBeGreaterThan(before + parseEther("20.9"));
  await expect(refunds.getByRole("button", { name: "Withdraw 21 CAP" })).toHaveCount(0);
  expect(errors).toEqual([]);
});
