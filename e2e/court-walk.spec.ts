import { expect, test, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, shot, signIn, watchConsole } from "./support/page-helpers";
import { freshWallet, juryChain, type Wallet } from "./support/jury-chain";

// The court walked as its users walk it (a reader, the juror drawn), fixing what tripped them: the article page of an
// article under an open case says what is contested (the grounds, briefly) next to the label and links to the case;
// the juror's own card on the case page says what is expected of them and by when.

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const { api, advanceChainTime, fund, activeOutlet } = jury;
const stamp = Date.now().toString(36);
const DESK = `walk-desk-${stamp}`;
const BENCH = `walk-bench-${stamp}`;
const TITLE = `Ferry fares fell by a third ${stamp}`;
// long enough to be cut on the article page: its end is read on the case page
const GROUNDS =
  "The fares quoted are the winter fares of the island route only. The operator's published tariff for the year shows the mainland fares rose by six percent, " +
  "and the average over all routes fell by four percent, not a third. The article's own evidence, the operator's press release, says so in its second table. " +
  "CLOSING-WORDS-ON-THE-CASE-PAGE";

const owner = freshWallet();
const challenger = freshWallet();
const jurors = [freshWallet(), freshWallet(), freshWallet()] as const;
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let capsuleId = "";
let caseId = "";

async function noBusy(page: Page) {
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await fund(owner, "5000", "1000");
  await fund(challenger, "100", "10");
  await activeOutlet(owner, DESK);
  bench = await jury.seatBench(BENCH, jurors); // the jury pool, seated before the case is opened
  const body = `${TITLE}.\n\nA return ticket to the island now costs 12 euros, down from 18 euros last year.`;
  const created = await api.call(capsuleCreate, { body: {
    title: TITLE, body, outletSlug: DESK, category: "local", tags: ["ferry"],
    evidence: [{ uri: "https://archive.example.org/ferry/press-release.pdf", contentHash: `0x${createHash("sha256").update(TITLE).digest("hex")}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Operator press release" }],
    status: "draft",
  } }, owner.key);
  capsuleId = created.capsuleId;
  const claims = await api.call(capsuleClaimsSet, { params: { id: capsuleId }, body: { claims: [
    { exact: "costs 12 euros, down from 18 euros", claimType: "statistic", evidenceIds: [created.evidence[0]!.evidenceId] },
  ] } }, owner.key);
  await jury.finalizeDraft(owner, capsuleId);
  const opened = await jury.dispute(challenger, capsuleId, { grounds: GROUNDS, claimIds: claims.items.map((c) => c.claimId), requestedLabel: "misleading" });
  caseId = opened.case.caseId;
});

test.afterAll(async () => {
  // the next spec's jury is drawn from the same stack: these heavy bonds must not sit in its pool
  await bench?.leave();
});

test("a reader of an article under an open case sees, next to the label, what is contested and a link to the case", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${capsuleId}`);
  const badge = page.getByTestId("integrity-label");
  await expect(badge).toHaveAttribute("data-label", "contested");
  const grounds = badge.getByTestId("reader-open-case-grounds");
  // the grounds, briefly: their start, cut at a word, not their end
  await expect(grounds).toContainText("The challenger’s grounds: “The fares quoted are the winter fares of the island route only.");
  await expect(grounds).toContainText("…”");
  await expect(grounds).not.toContainText("CLOSING-WORDS-ON-THE-CASE-PAGE");
  await bothWidths(page, "read-open-case", "court-walk");
  // the rest is one link away: the case page, where the grounds are whole
  await grounds.getByRole("link", { name: "Read the full grounds" }).click();
  await expect(page).toHaveURL(new RegExp(`/court/${caseId}$`));
  await noBusy(page);
  await expect(page.getByTestId("case-grounds")).toContainText("CLOSING-WORDS-ON-THE-CASE-PAGE");
  expect(errors).toEqual([]);
});

test("the article's journalist, defending it, is told until when the evidence that answers the grounds is taken", async ({ page }) => {
  await installTestWallet(page, owner.key);
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const form = page.getByRole("form", { name: "Add evidence" });
  await expect(form).toContainText("Add evidence as the outlet");
  const deadline = form.getByTestId("evidence-deadline");
  await expect(deadline).toContainText("Evidence is taken until");
  await expect(deadline).toContainText("so this is where the article’s side answers the grounds");
  await expect(deadline.getByTestId("evidence-countdown")).toHaveText(/ left$/);
  await noBusy(page);
  await form.scrollIntoViewIfNeeded();
  await bothWidths(page, "case-outlet-evidence", "court-walk");
});

test("a juror drawn to the case is told on the case page what to do and by when, and that the wallet waits for them", async ({ page }) => {
  test.setTimeout(240_000);
  const open = (await api.call(courtCase, { params: { id: caseId } })).case;
  await advanceChainTime(Number(open.periodEndsAt) - Number((await jury.publicClient.getBlock({ blockTag: "latest" })).timestamp) + 60);
  const moved = (await api.call(courtAdvance, { params: { id: caseId } }, challenger.key)).case;
  expect(moved.period).toBe("commit");
  const juror: Wallet = jurors.find((j) => moved.jurors.some((d) => d.juror.toLowerCase() === j.address.toLowerCase()))!;
  const wallet = await installTestWallet(page, juror.key);
  await page.goto(`/court/${caseId}`);
  await signIn(page);
  const duty = page.getByTestId("juror-duty");
  await expect(duty).toHaveAttribute("data-duty", "commit");
  await expect(duty).toContainText("You sit on this jury in round 1. Commit your findings by");
  await expect(duty.getByTestId("juror-duty-countdown")).toHaveText(/ left$/);
  await expect(duty).toContainText("loses 5 % of their bond");
  await noBusy(page);
  await page.getByTestId("juror-actions").scrollIntoViewIfNeeded();
  await bothWidths(page, "case-juror-commit", "court-walk");

  // while the wallet's prompt is open the page says so, and nothing can be sent twice
  const actions = page.getByTestId("juror-actions");
  await actions.getByLabel("Finding").selectOption("misleading");
  await actions.getByLabel(/^Reason/).fill("The operator's tariff shows the average fare fell by four percent.");
  await actions.getByRole("button", { name: "Review my findings" }).click();
  const prompt = wallet.holdNext("eth_signTypedData_v4");
  await actions.getByRole("button", { name: "Sign and commit" }).click();
  const waiting = actions.getByRole("button", { name: "Confirm in your wallet…" });
  await expect(waiting).toBeDisabled();
  await expect(actions.getByRole("button", { name: "Change my findings" })).toBeDisabled();
  await shot(page, "court-walk-case-juror-signing-1280");
  prompt.release();
  await expect(page.getByTestId("juror-duty")).toHaveAttribute("data-duty", "wait-reveal", { timeout: 30_000 });
  await expect(page.getByTestId("juror-duty")).toContainText("Committed. Come back to reveal when the reveal period opens");
});
