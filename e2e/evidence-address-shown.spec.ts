import { expect, test } from "@playwright/test";
import { createHash } from "node:crypto";
import { juryCourtAbi } from "@/lib/chain/abi";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { bothWidths, watchConsole } from "./support/page-helpers";
import { freshWallet, juryChain } from "./support/jury-chain";

// A party may send its evidence to JuryCourt itself, past the bridge's address check: an address holding a
// right-to-left override ("…/<U+202E>gnp.exe", which reads as "…/exe.png") is shown on the case page with the
// override percent-escaped, and not as a link (docs/DECISIONS.md, "Stored addresses hold no bidirectional
// formatting characters").

test.describe.configure({ mode: "serial" });

const jury = juryChain();
const { api, contract, send, fund, activeOutlet } = jury;
const stamp = Date.now().toString(36);
const LEDGER = `bidi-ledger-${stamp}`;
const TITLE = `Ferry fares held for a year ${stamp}`;
const REORDERED = "https://challenger.example.org/\u202egnp.exe";
const owner = freshWallet();
const challenger = freshWallet();
let bench: Awaited<ReturnType<typeof jury.seatBench>> | undefined;
let caseId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await fund(owner, "5000", "1000");
  await fund(challenger, "100", "10");
  await activeOutlet(owner, LEDGER);
  bench = await jury.seatBench(`bidi-bench-${stamp}`);
  const created = await api.call(capsuleCreate, { body: {
    title: TITLE, body: `${TITLE}.\n\nThe ferry company kept every fare where it was.`, outletSlug: LEDGER, category: "transport", tags: ["ferry"],
    evidence: [{ uri: "https://archive.example.org/ferry/fares.pdf", contentHash: `0x${createHash("sha256").update(TITLE).digest("hex")}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Fare table" }],
    status: "draft",
  } }, owner.key);
  const id = created.capsuleId;
  await jury.finalizeDraft(owner, id);
  const filed = await jury.dispute(challenger, id, { grounds: "The fare table the article cites was withdrawn a month before it ran." });
  caseId = filed.case.caseId;
  // past the bridge: the challenger's own JuryCourt.submitEvidence with an address the bridge refuses
  const court = await contract("juryCourt");
  await send(challenger, (client) => client.writeContract({ address: court, abi: juryCourtAbi, functionName: "submitEvidence", args: [BigInt(filed.case.juryCaseId!), challenger.address, REORDERED] }));
  await expect.poll(async () => (await api.call(courtCase, { params: { id: caseId } })).case.evidence.map((e) => e.uri), { timeout: 30_000 }).toEqual([REORDERED]);
});

test.afterAll(async () => {
  await bench?.leave();
});

test("the case page shows an evidence address holding a right-to-left override with it escaped, in its list and its timeline, not as a link", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/court/${caseId}`);
  const item = page.getByTestId("jury-evidence-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("evidence-title")).toHaveText("https://challenger.example.org/%E2%80%AEgnp.exe");
  await expect(item.getByRole("link")).toHaveCount(0);
  // nowhere on the page (the timeline's entry of the EvidenceSubmitted event included) does the override reorder text
  await expect(page.getByTestId("case-timeline")).toContainText("https://challenger.example.org/%E2%80%AEgnp.exe");
  expect(await page.locator("main").innerText()).not.toContain("\u202e");
  await item.scrollIntoViewIfNeeded();
  await bothWidths(page, "evidence-address", "attack");
  expect(errors).toEqual([]);
});
