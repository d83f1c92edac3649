import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { pathOf } from "@/lib/api/request";
import { readerDesk } from "./support/reader-fixture";
import { axeOf, watchConsole } from "./support/page-helpers";

// Claims on the article page (issue 27 items 3 and 4): each claim marked in the text with a footnote-style
// link, reachable from the keyboard, its note listing its evidence and linking back; evidence added after
// publication shown apart; the Verify widget checking the manifest and each evidence item against the chain.

const OWNER = 7;
const run = Date.now().toString(36).slice(-5);
const slug = `claims-post-${run}`;
const title = `Harbour fees rise again ${run}`;
const body = `${title}.\n\nHarbour fees rose 12 percent this year, the port said. The mayor called the rise **fair** on Monday.`;
const file = Buffer.from(`port,fee,year\nA,112,${run}\n`);
let id = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, "The Fee Ledger");
  const uploaded = await desk.call(vaultUpload, { body: { filename: "fees.csv", mimeType: "text/csv", contentBase64: file.toString("base64") } }, OWNER);
  const fileUri = pathOf(vaultObject, { objectId: uploaded.object.objectId });
  id = await desk.finalizedWithClaims(
    OWNER,
    slug,
    title,
    body,
    [
      { uri: fileUri, contentHash: `0x${createHash("sha256").update(file).digest("hex")}`, evidenceType: "data", mimeType: "text/csv", isPrimary: true, label: "Port fee table" },
      { uri: "https://archive.example.net/council", contentHash: `0x${"ab".repeat(32)}`, evidenceType: "transcript", mimeType: "text/html", isPrimary: false, label: "Council transcript" },
    ],
    [
      { exact: "Harbour fees rose 12 percent", claimType: "statistic", evidence: [0] },
      { exact: "The mayor called the rise **fair**", claimType: "attribution", evidence: [1, 0], note: "Said at the council meeting" },
    ],
  );
  await desk.call(capsuleEvidenceAdd, { params: { id }, body: { uri: "https://archive.example.net/letter", contentHash: `0x${"cd".repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", label: "Port's letter, sent later" } }, OWNER);
});

async function axeClean(page: Page, what: string) {
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), what).toEqual([]);
}

test("claims are marked in the text, reachable from the keyboard, with their evidence; later evidence stands apart", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${id}`);
  const bodyText = page.getByTestId("reader-body");
  await expect(bodyText.locator("mark[data-claim='1']")).toHaveText("Harbour fees rose 12 percent");
  const marker1 = bodyText.getByRole("link", { name: "Claim 1: its evidence and findings" });
  const marker2 = bodyText.getByRole("link", { name: "Claim 2: its evidence and findings" });
  await expect(marker1).toHaveText("[1]");
  await expect(marker2).toHaveText("[2]"); // after the bold word, where the quote ends

  // keyboard: Tab reaches the marker, Enter follows it to the note, the note's link comes back
  await page.locator("body").focus();
  for (let i = 0; i < 40 && !(await marker1.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(marker1).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/read/${id}#claim-note-1$`));
  const notes = page.getByTestId("reader-claim");
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText("Claim 1");
  await expect(notes.nth(0).getByTestId("reader-claim-evidence")).toHaveText("Port fee table (primary)");
  await expect(notes.nth(1).getByTestId("reader-claim-evidence").getByRole("listitem")).toHaveText(["Council transcript", "Port fee table (primary)"]);
  await expect(notes.nth(1)).toContainText("Note: Said at the council meeting");
  await expect(notes.nth(1).locator("blockquote")).toHaveText("“The mayor called the rise fair”"); // as read, without the Markdown
  await expect(notes.nth(0).getByTestId("reader-claim-finding")).toHaveCount(0); // no finding yet
  await notes.nth(0).getByRole("link", { name: "Back to claim 1 in the text" }).click();
  await expect(page).toHaveURL(new RegExp(`#claim-1$`));

  const later = page.getByTestId("reader-later-evidence");
  await expect(later).toContainText("Added after publication, not part of the voted manifest");
  await expect(later.getByTestId("reader-evidence-item")).toHaveCount(1);
  await expect(later).toContainText("Port's letter, sent later");
  const voted = page.getByTestId("reader-evidence").first();
  await expect(voted.getByTestId("reader-evidence-item")).toHaveCount(2);

  // the Verify widget: manifest, evidence root and each item against the chain through this site's /rpc
  await expect(page.getByTestId("manifest-check")).toContainText("✓ The manifest (claims, evidence, contributors) hashes to what the registry committed");
  await expect(page.getByTestId("evidence-root-check")).toContainText("✓ The evidence list is the one committed on chain");
  const itemChecks = page.getByTestId("evidence-proof-check");
  await expect(itemChecks).toHaveCount(2);
  await expect(itemChecks.nth(0)).toHaveText(/^✓ Evidence 1, “Port fee table”: in the committed evidence root; the file hashes to its recorded hash; supports claim 1, 2\.$/);
  await expect(itemChecks.nth(1)).toHaveText(/^✓ Evidence 2, “Council transcript”: in the committed evidence root; the file is on another site, which this page does not fetch: download it and compare its SHA-256 yourself; supports claim 2\.$/);
  // a file on another site, not fetched, is no failure: the summary is ✓
  await expect(page.getByTestId("finalization-summary")).toHaveAttribute("data-verdict", "ok");

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/reader-claims-${width}.png`, fullPage: true });
    await axeClean(page, `the article with claims at ${width} px`);
  }
  expect(errors).toEqual([]);
});

// The summary sentence answers for the manifest and evidence lines too: bytes this site serves that do not hash to what
// the chain committed (a tampered manifest, a swapped evidence file) turn it red, never a ✓ over a ✖.
for (const tampered of ["manifest", "evidence file"] as const) {
  test(`a ${tampered} that does not hash to its commitment turns the check's summary red`, async ({ page }) => {
    const vaultPath = pathOf(vaultObject, { objectId: "0" }).replace(/0$/, "");
    await page.route(
      (url) => url.pathname.startsWith(vaultPath) && (tampered === "manifest" ? !url.searchParams.has("download") : url.searchParams.get("download") === "1"),
      (route) => route.fulfill({ status: 200, contentType: "application/octet-stream", body: `not the committed ${tampered}` }),
    );
    await page.goto(`/read/${id}`);
    const summary = page.getByTestId("finalization-summary");
    await expect(summary).toHaveAttribute("data-verdict", "failed");
    await expect(summary).toHaveText("✖ This page could not be checked against the chain record. The lines below say which check failed.");
    if (tampered === "manifest") {
      await expect(page.getByTestId("manifest-check")).toContainText("✖ The manifest this site serves does not hash to");
    } else {
      await expect(page.getByTestId("manifest-check")).toContainText("✓ The manifest");
      await expect(page.getByTestId("evidence-proof-check").nth(0)).toContainText("the file does NOT hash to its recorded hash");
    }
  });
}
