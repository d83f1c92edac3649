import { expect, test, type Page, type Route } from "@playwright/test";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtDesk, type CourtFixture } from "./support/court-fixture";
import { readerDesk } from "./support/reader-fixture";
import { devWallet, juryChain, type Wallet } from "./support/jury-chain";
import { expectNoOverflowAt360, watchConsole } from "./support/page-helpers";

// The article page's own check (components/reader/finalization-record.tsx) checks the integrity label too, in
// the reader's browser against the node they chose: a contested article's label follows from its JuryCourt
// CaseOpened, a decided one's from its CaseFinal, a corrected one's from the correction's CapsuleFinalized; a node
// that holds no such case (a node the reader trusts more than this site, say) makes the check fail, and the
// one-sentence verdict with it.

test.describe.configure({ mode: "serial" });

const OWNER = 1;
const DISPUTER = 2;
const stamp = Date.now().toString(36);
const desk = courtDesk();
const jury = juryChain();
const disputer: Wallet = devWallet(DISPUTER);
let bench: Awaited<ReturnType<typeof jury.seatBench>>;
let fixture: CourtFixture;
let caseId = "";
let openTxHash = "";
const corrected = { original: "", correction: "" };

/** A JSON-RPC node that is the test's anvil except that it knows neither the case's opening transaction nor any log. */
const OTHER_NODE = "http://node-without-the-case.test/";
async function nodeWithoutTheCase(route: Route) {
  const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type", "access-control-allow-methods": "POST, OPTIONS" };
  if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
  const call = route.request().postDataJSON() as { id: number; method: string; params: unknown[] };
  const hidden = call.method === "eth_getLogs" || (call.method === "eth_getTransactionReceipt" && String(call.params[0]).toLowerCase() === openTxHash.toLowerCase());
  const body = hidden
    ? { jsonrpc: "2.0", id: call.id, result: call.method === "eth_getLogs" ? [] : null }
    : await (await fetch(process.env.CAPSULE_E2E_NODE_RPC_URL ?? "", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) })).json();
  return route.fulfill({ status: 200, headers: { ...cors, "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function checkShots(page: Page, name: string) {
  const section = page.getByTestId("finalization");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `test-results/screenshots/reader-label-check-${name}-${width}.png` });
  }
  await expectNoOverflowAt360(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bench = await jury.seatBench(`label-bench-${stamp}`); // the jury pool, seated before the case is opened
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: DISPUTER, slug: `label-check-${stamp}`, outletName: "The Label Ledger", title: `Reservoir at ninety percent ${stamp}` });
  openTxHash = await jury.openCase(disputer, fixture.capsuleId);
  const filed = await jury.api.call(capsuleDispute, { params: { id: fixture.capsuleId }, body: { grounds: "The water board reports nine percent, not ninety.", requestedLabel: "misleading", openTxHash } }, disputer.key);
  caseId = filed.case.caseId;
  expect(filed.capsule.integrityLabel).toBe("contested");
});

test.afterAll(async () => {
  await bench?.leave();
});

test("a contested article: the page's check reads the case's CaseOpened from the node and folds the label into its verdict", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "contested");
  const line = page.getByTestId("label-check");
  await expect(line).toHaveAttribute("data-outcome", "checked");
  await expect(line).toHaveText(/^✓ The label “Contested” follows from JuryCourt case \d+, opened in block \d+; no later case on this article \(read from this site’s \/rpc\)\.$/);
  await expect(page.getByTestId("finalization-summary")).toHaveText(
    "✓ Checked: this is the text the editors approved, the Capsule chain records their decision, and its record gives the label “Contested”. Your browser did this check itself; the lines below say how.",
  );
  await checkShots(page, "contested");
  expect(errors).toEqual([]);
});

test("against a node that holds no such case, the label check fails and says why, and so does the verdict", async ({ page }) => {
  await page.route(`${OTHER_NODE}**`, nodeWithoutTheCase);
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("label-check")).toHaveAttribute("data-outcome", "checked");
  await page.getByText("Check with your own node (technical)").click();
  await page.getByLabel(/Check against this JSON-RPC endpoint/).fill(OTHER_NODE);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  // the finalization itself is on that node: only the label fails
  await expect(page.getByTestId("finalization-check")).toContainText(`✓ Your browser read this transaction from ${OTHER_NODE}`);
  const line = page.getByTestId("label-check");
  await expect(line).toHaveAttribute("data-outcome", "failed");
  await expect(line).toHaveText(`✖ The label “Contested” does not follow from the chain record (read from ${OTHER_NODE}): the node knows no transaction ${openTxHash}.`);
  await expect(page.getByTestId("finalization-summary")).toHaveText("✖ This page could not be checked against the chain record. The lines below say which check failed.");
  await checkShots(page, "failed");
});

test("once the jury's finding is final, the page's check reads the CaseFinal: the label is its finding", async ({ page }) => {
  test.setTimeout(240_000);
  await jury.decide(caseId, bench.jurors, ["misleading"], disputer);
  await page.goto(`/read/${fixture.capsuleId}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "misleading");
  const line = page.getByTestId("label-check");
  await expect(line).toHaveText(/^✓ The label “Misleading” follows from the final finding of JuryCourt case \d+, in block \d+; no later case on this article \(read from this site’s \/rpc\)\.$/);
  await expect(page.getByTestId("finalization-summary")).toContainText("its record gives the label “Misleading”");
  await checkShots(page, "decided");
});

test("a corrected article: the label follows from the correction's finalization, which the registry says revises the original", async ({ page }) => {
  const reader = readerDesk();
  const original = await reader.finalized(OWNER, fixture.outletSlug, `Ferry fares ${stamp}`, "Fares rise by ten percent in May.");
  const correction = await reader.finalizedCorrection(OWNER, original, "Fares rise by ten percent in June.", "The rise starts in June, not May.");
  Object.assign(corrected, { original, correction });
  await page.goto(`/read/${correction}`);
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "corrected");
  await expect(page.getByTestId("label-check")).toHaveText(
    new RegExp(`^✓ The label “Corrected” follows from the author’s correction, capsule #${correction}, finalized in block \\d+; no later case on this article \\(read from this site’s /rpc\\)\\.$`),
  );
  await expect(page.getByTestId("finalization-summary")).toContainText("its record gives the label “Corrected”");
});

// Which version is current is read from the node too (features/reader/latest-version.ts): the page's island is told
// which version the site calls current, and checks it against the newest finalized version revising this one.
test("the page's check finds the latest version on chain: the correction is the latest, the original says it is superseded, a page hiding the correction fails", async ({ page }) => {
  const { original, correction } = corrected;
  expect(original, "the corrected article of the test before").not.toBe("");
  await page.goto(`/read/${correction}`);
  await expect(page.getByTestId("latest-check")).toHaveText("✓ No finalized version on chain revises this one: it is the latest version (read from this site’s /rpc).");
  await expect(page.getByTestId("finalization-summary")).toContainText("✓ Checked:");

  // the label check and the walk read the chain's indexes by eth_call: no head, and for an article without a case no log
  const methods: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/rpc") return;
    const call = request.postDataJSON() as { method?: string } | null;
    if (call?.method) methods.push(call.method);
  });
  await page.goto(`/read/${original}`);
  await expect(page.getByTestId("superseded-note")).toBeVisible();
  const line = page.getByTestId("latest-check");
  await expect(line).toHaveAttribute("data-outcome", "superseded");
  await expect(line).toHaveText(`✓ This version is superseded: the latest finalized version on chain is #${correction}, as this page says (read from this site’s /rpc).`);
  await expect(page.getByTestId("label-check")).toHaveAttribute("data-outcome", "checked");
  await expect(page.getByTestId("finalization-summary")).toContainText("✓ Checked:");
  expect(methods).toContain("eth_call");
  expect(methods.filter((m) => m === "eth_blockNumber" || m === "eth_getLogs")).toEqual([]);
  page.removeAllListeners("request");
  await checkShots(page, "superseded");

  // a lying site: the same page, its island told the original is the current version (the note taken out too)
  await page.route(`**/read/${original}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(`"currentId":"${correction}"`, `"currentId":"${original}"`).replace(/<div role="note"[^>]*data-testid="superseded-note"[^]*?<\/div>/, "");
    await route.fulfill({ response, body: html });
  });
  await page.goto(`/read/${original}`);
  await expect(page.getByTestId("superseded-note")).toHaveCount(0);
  await expect(line).toHaveAttribute("data-outcome", "newer");
  await expect(line).toHaveText(`✖ A newer finalized version exists: #${correction}, but this page shows this version as the current one (read from this site’s /rpc).`);
  await expect(page.getByTestId("finalization-summary")).toHaveText("✖ This page could not be checked against the chain record. The lines below say which check failed.");
  await checkShots(page, "hidden-correction");
});

// A correction the editors finalize while a case is open makes the label "Corrected" (the author's last word) until
// the verdict; the badge says both, and that the challenged passage was in another version than the one shown.
test("a correction finalized while a case is open: the badge says Corrected and names the case still open, its passage in another version", async ({ page }) => {
  test.setTimeout(240_000);
  const reader = readerDesk();
  const original = await reader.finalized(OWNER, fixture.outletSlug, `Tram depot ${stamp}`, "The depot opens in March with forty trams.");
  const txHash = await jury.openCase(disputer, original);
  const filed = await jury.api.call(capsuleDispute, { params: { id: original }, body: { grounds: "The depot holds fourteen trams.", requestedLabel: "misleading", openTxHash: txHash, claim: "forty trams" } }, disputer.key);
  const correction = await reader.finalizedCorrection(OWNER, original, "The depot opens in March with fourteen trams.", "Fourteen trams, not forty.");
  await page.goto(`/read/${correction}`);
  const badge = page.getByTestId("integrity-label");
  await expect(badge).toHaveAttribute("data-label", "corrected");
  await expect(badge.getByTestId("integrity-explanation")).toHaveText("The author published a correction that the editors accepted; the revision history shows what changed.");
  const open = badge.getByTestId("reader-open-case");
  await expect(open).toContainText(`Court case #${filed.case.caseId} has been open since`);
  await expect(open).toContainText("It challenges the passage of another version “forty trams”.");
  await expect(badge.getByRole("link", { name: `Court case #${filed.case.caseId}` })).toHaveAttribute("href", `/court/${filed.case.caseId}`);
  // on the version the case was opened on, the passage is that page's own
  await page.goto(`/read/${original}`);
  await expect(page.getByTestId("reader-open-case")).toContainText("It challenges the passage “forty trams”.");
  await page.goto(`/read/${correction}`);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await badge.screenshot({ path: `test-results/screenshots/reader-badge-corrected-open-case-${width}.png` });
  }
  await expectNoOverflowAt360(page);
});
