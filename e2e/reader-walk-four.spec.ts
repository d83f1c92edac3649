import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { pathOf } from "@/lib/api/request";
import { readerDesk } from "./support/reader-fixture";
import { freshWallet, juryChain } from "./support/jury-chain";
import { axeOf, bothWidths, expectNoOverflowAt360, shot, watchConsole } from "./support/page-helpers";

// The reader's side as someone new to it meets it, fourth walk: an article whose text starts its headings at `##` (as
// the editor's heading button writes them) keeps its heading levels in steps; without JavaScript the evidence file
// still opens and the on-chain record says it was not checked instead of "Checking…" for ever; the badge image names
// the label; the editors' votes say what their CAP figure is; the front page and the JSON Feed say that feed carries
// the Elevated and Premium outlets only.

const run = Date.now().toString(36).slice(-5);
const slug = `walk-four-${run}`;
const title = `Harbour fees rise again ${run}`;
const body = `Harbour fees rose 12 percent this year, the port said.\n\n## Why it matters\n\nShipping firms say the rise will reach shoppers.\n\n### What comes next\n\nThe council meets in May.`;
const file = Buffer.from(`port,fee,year\nA,112,${run}\n`);
const OUTLET_NAME = `TheWalkFourHarbourMunicipalIndependentCooperativeNewsroomAndRiversideEveningChronicle${run}`;
const owner = freshWallet();
let id = "";
let fileUri = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  // a wallet of its own: the submissions of other specs' dev wallets do not count against it
  await juryChain().fund(owner, "5000", "0");
  // one word of 100 letters: the lists of articles must break it at 360 px, as the article page does
  await desk.outlet(owner.key, slug, OUTLET_NAME);
  const uploaded = await desk.call(vaultUpload, { body: { filename: "fees.csv", mimeType: "text/csv", contentBase64: file.toString("base64") } }, owner.key);
  fileUri = pathOf(vaultObject, { objectId: uploaded.object.objectId });
  id = await desk.finalizedWithClaims(
    owner.key,
    slug,
    title,
    body,
    [{ uri: fileUri, contentHash: `0x${createHash("sha256").update(file).digest("hex")}`, evidenceType: "data", mimeType: "text/csv", isPrimary: true, label: "Port fee table" }],
    [{ exact: "Harbour fees rose 12 percent", claimType: "statistic", evidence: [0] }],
  );
});

const doneChecking = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test("a text whose headings start at ## reads h1 → h2 → h3, with no level skipped", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${id}`);
  await doneChecking(page);
  const body = page.getByTestId("reader-body");
  await expect(body.getByRole("heading", { name: "Why it matters" })).toHaveJSProperty("tagName", "H2");
  await expect(body.getByRole("heading", { name: "What comes next" })).toHaveJSProperty("tagName", "H3");
  const result = await axeOf(page).withRules(["heading-order"]).analyze();
  expect(result.violations.map((v) => v.nodes.map((n) => n.target.join(" ")).join(", "))).toEqual([]);
  await bothWidths(page, "article", "reader-walk-four");
  expect(errors).toEqual([]);
});

test("the badge image names the label, and the editors' votes say what their CAP figure is", async ({ page }) => {
  await page.goto(`/read/${id}`);
  await expect(page.getByTestId("badge-img")).toHaveAttribute("alt", "Capsule badge: integrity label “Clean”");
  await expect(page.getByRole("link", { name: "Capsule badge: integrity label “Clean”" })).toBeVisible();
  const votes = page.getByTestId("reader-votes");
  await expect(votes.getByTestId("reader-votes-weight")).toHaveText("Each editor’s vote counts by the bond they have deposited, in CAP, this network’s token: the amount beside each vote.");
  await expect(votes.getByTestId("reader-vote")).toContainText("1,000 CAP");
});

test("the front page says whose articles each feed carries, and so does the JSON Feed itself", async ({ page, request }) => {
  await page.goto("/");
  await page.getByText("How articles are ordered, and feeds").click();
  const more = page.getByTestId("front-intro-more");
  await expect(more).toContainText("Atom feed (every outlet)");
  await expect(more).toContainText("JSON Feed (outlets of the Elevated and Premium tiers only)");
  await expect(page.locator('link[type="application/feed+json"]')).toHaveAttribute("title", "Capsule: Elevated and Premium outlets");
  const json = (await (await request.get("/feed.json")).json()) as { title: string; description: string; items: Array<{ title: string }> };
  expect(json.title).toBe("Capsule — Elevated and Premium outlets");
  expect(json.description).toContain("Every outlet's articles are in the Atom feed, /feed.xml.");
  // a new outlet starts below the Elevated tier: its article is in the Atom feed, not in the JSON Feed, as both say
  expect(json.items.map((item) => item.title)).not.toContain(title);
  expect(await (await request.get(`/outlets/${slug}/feed.xml`)).text()).toContain(title);
});

test("the embed is one main landmark headed by its label, found or not", async ({ page }) => {
  for (const [path, heading] of [
    [`/embed/${id}`, "✓ Integrity: Clean"],
    ["/embed/987654321", "No published article at this address on Capsule"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const result = await axeOf(page).withRules(["landmark-one-main", "page-has-heading-one", "region"]).analyze();
    expect(result.violations.map((v) => v.id), path).toEqual([]);
  }
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 400 });
    await page.goto(`/embed/${id}`);
    await shot(page, `reader-walk-four-embed-${width}`);
  }
});

test("a 100-letter outlet name wraps in the front page's and the author's lists at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of [`/?outlet=${slug}`, `/authors/${owner.address}`]) {
    await page.goto(path);
    await expect(page.getByText(OUTLET_NAME, { exact: false }).first()).toBeAttached();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(360);
    await expect(page.getByTestId("list-outlet-line").first()).toContainText(OUTLET_NAME, { ignoreCase: true });
    await shot(page, `reader-walk-four-list-${path.startsWith("/authors") ? "author" : "front"}-360`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the evidence file opens, and the on-chain record says it was not checked instead of 'Checking…'", async ({ page, request }) => {
    await page.goto(`/read/${id}`);
    const item = page.getByTestId("reader-evidence-item").filter({ hasText: "Port fee table" });
    const open = item.getByRole("link", { name: "Open Port fee table" });
    await expect(open).toHaveAttribute("href", fileUri);
    expect((await request.get(fileUri)).status()).toBe(200);
    // verifying the file needs the script: no button that does nothing
    await expect(item.getByRole("button")).toHaveCount(0);

    const summary = page.getByTestId("finalization-summary");
    await expect(summary).toHaveAttribute("data-verdict", "no-script");
    await expect(summary).toHaveText(
      "Not checked: your browser checks this record against the chain with JavaScript, which is off here, so nothing in this section has been checked. To check it without JavaScript, see “Check this article yourself (technical)” below.",
    );
    const record = page.getByTestId("finalization");
    await expect(record).not.toContainText("Checking");
    await expect(record).not.toContainText("reading…");
    await expect(page.getByTestId("finalize-block")).toHaveText("not read (the check needs JavaScript)");
    await expect(record.getByRole("button")).toHaveCount(0);
    await expect(page.getByTestId("rpc-details")).toHaveCount(0);
    // the way to check without the script is where the sentence says
    await expect(page.getByTestId("proof-details").getByText("Check this article yourself (technical)")).toBeVisible();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `reader-walk-four-no-script-${width}`);
    }
    await expectNoOverflowAt360(page);
  });
});
