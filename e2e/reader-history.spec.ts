import { expect, test, type Page } from "@playwright/test";
import { addressOf, readerDesk } from "./support/reader-fixture";
import { axeOf, watchConsole } from "./support/page-helpers";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { pathOf } from "@/lib/api/request";

// Readers, round two (issue 31): listings and feeds show plain text from the rendered article (never
// Markdown); a corrected article says what changed; readers get their own revision history with a word
// diff of the rendered text; the embed section offers HTML to copy; a reader's node that failed is not
// used for the next article.

const OWNER = 6;
const run = Date.now().toString(36).slice(-5);
const slug = `tide-times-${run}`;
const title = `Harbour tender awarded ${run}`;
const ids = { original: "", correction: "", other: "" };
const originalBody = [
  "## Background",
  "",
  "The council published the [published tender](https://council.example/tender.pdf) on **Monday**; the works take *six weeks*.",
  "",
  "- Dredging the basin",
  "- New pontoons",
].join("\n");
const correctedBody = originalBody.replace("*six weeks*", "*eight weeks*").replace("New pontoons", "New pontoons and lights");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const desk = readerDesk();
  await desk.outlet(OWNER, slug, "The Tide Times");
  ids.original = await desk.finalized(OWNER, slug, title, originalBody);
  ids.other = await desk.finalized(OWNER, slug, `Ferry fares frozen ${run}`, "Fares stay the same until **March**.", { supportingCapsules: [ids.original], subtitle: `The operator keeps prices for the winter ${run}.` });
  ids.correction = await desk.finalizedCorrection(OWNER, ids.original, correctedBody, "The port authority gave the wrong duration.");
});

async function axeClean(page: Page, what: string) {
  const result = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, what).toEqual([]);
}

async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await axeClean(page, `${name} at ${width} px`);
    await page.screenshot({ path: `test-results/screenshots/reader-history-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const MARKDOWN = /\]\(|\*\*|(^|\s)#{1,6}\s|https?:\/\//;

test("excerpts on the front page, the outlet page and in the feeds are plain text of the rendered article", async ({ page, request }) => {
  const errors = watchConsole(page);
  for (const path of ["/", `/outlets/${slug}`]) {
    await page.goto(path);
    const item = page.getByTestId("article-item").filter({ hasText: title });
    const excerpt = item.getByTestId("article-excerpt");
    // the current (corrected) version is listed; its heading is left out and the link keeps only its words
    await expect(excerpt).toHaveText("The council published the published tender on Monday; the works take eight weeks. Dredging the basin New pontoons and lights");
    expect(await excerpt.innerText()).not.toMatch(MARKDOWN);
    // an article with a standfirst is listed with it
    await expect(page.getByTestId("article-item").filter({ hasText: `Ferry fares frozen ${run}` }).getByTestId("article-excerpt")).toHaveText(`The operator keeps prices for the winter ${run}.`);
  }
  await atBothWidths(page, "outlet");
  for (const feed of ["/feed.xml", `/outlets/${slug}/feed.xml`]) {
    const xml = await (await request.get(feed)).text();
    // the entry is the article: the first version's id, linking the version now current
    const entry = xml.split("<entry>").find((e) => e.includes(`/read/${ids.original}</id>`));
    expect(entry, `${feed} lists the corrected article`).toBeDefined();
    expect(entry).toContain(`/read/${ids.correction}"`);
    const summary = /<summary[^>]*>([\s\S]*?)<\/summary>/.exec(entry ?? "")?.[1] ?? "";
    expect(summary).toContain("The council published the published tender on Monday; the works take eight weeks.");
    expect(summary).not.toMatch(MARKDOWN);
  }
  expect(errors).toEqual([]);
});

test("the corrected article says what changed; readers get /read/:id/history with a word diff of the rendered text", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", timezoneId: "Asia/Tokyo", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`/read/${ids.correction}`);
  // the script-free article page also shows its dates in the reader's zone, once its script has run
  await expect(page.getByTestId("reader-finalized-at")).toHaveText(/GMT\+9|JST/);
  const changed = page.getByTestId("what-changed");
  await expect(changed).toContainText("What this correction changed (3 words added, 1 word removed)");
  await expect(page.getByTestId("what-changed-diff")).toBeHidden();
  await changed.locator("summary").click();
  await expect(page.getByTestId("what-changed-diff").getByTestId("diff-removed")).toHaveText(["[removed: six]"]);
  await expect(page.getByTestId("what-changed-diff").getByTestId("diff-added").first()).toHaveText("[added: eight]");
  expect(await page.getByTestId("what-changed-diff").innerText()).not.toMatch(MARKDOWN);
  await atBothWidths(page, "article-what-changed");

  // the reader's history, not the desk's
  await page.getByRole("link", { name: "Revision history" }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${ids.correction}/history$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Versions of “${title}”`);
  const versions = page.getByTestId("history-version");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Correction 1");
  await expect(versions.nth(0)).toContainText("Current version");
  await expect(versions.nth(0)).toContainText("Reason given: The port authority gave the wrong duration.");
  await expect(versions.nth(0).getByTestId("history-change-count")).toHaveText("Changes against the version before: 3 words added, 1 word removed.");
  await expect(versions.nth(0).getByTestId("diff-removed")).toHaveText(["[removed: six]"]);
  await expect(versions.nth(0).getByTestId("diff-added")).toHaveText(["[added: eight]", "[added: and lights]"]);
  await expect(versions.nth(1)).toContainText("Original");
  await expect(versions.nth(1)).toContainText("The first published version.");
  // the desk's tools are not here
  await expect(page.getByText("Publish a correction")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toHaveCount(0);
  // dates in the reader's own zone, with the zone named
  await expect(versions.nth(0).getByTestId("local-time")).toHaveText(/GMT\+9|JST/);
  await atBothWidths(page, "page");
  await versions.nth(1).getByRole("link", { name: "Read this version" }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${ids.original}$`));
  await expect(page.getByTestId("superseded-note")).toBeVisible();
  await expect(page.getByTestId("what-changed")).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("a history of something that is not a published article is a 404", async ({ request }) => {
  expect((await request.get(`/read/999999999/history`)).status()).toBe(404);
  expect((await request.get(`/read/abc/history`)).status()).toBe(404);
});

test("the article links its related articles, shares without third-party scripts, and links its authors to their record", async ({ page }) => {
  const errors = watchConsole(page);
  const external: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(new URL(process.env.CAPSULE_E2E_BASE_URL ?? "http://x").origin)) external.push(req.url());
  });
  await page.goto(`/read/${ids.other}`);
  await expect(page.getByText(`The operator keeps prices for the winter ${run}.`)).toBeVisible();
  const related = page.getByTestId("related-article");
  await expect(related).toHaveText([`Supports ${title}`]);
  await expect(related.getByRole("link")).toHaveAttribute("href", `/read/${ids.original}`);
  const share = page.getByTestId("share-links");
  const url = `${new URL(page.url()).origin}/read/${ids.other}`;
  await expect(share.getByRole("link", { name: /Bluesky/ })).toHaveAttribute("href", `https://bsky.app/intent/compose?text=${encodeURIComponent(`Ferry fares frozen ${run} ${url}`)}`);
  await expect(share.getByRole("link", { name: "Email" })).toHaveAttribute("href", new RegExp(`^mailto:\\?subject=`));
  await expect(page.getByTestId("share-url")).toHaveText(url);
  expect(await page.locator("script[src]").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src).filter((src) => !src.startsWith(location.origin)))).toEqual([]);
  expect(external).toEqual([]);
  // the cited article lists it back
  await page.goto(`/read/${ids.original}`);
  await expect(page.getByTestId("related-article")).toHaveText([`Supported by Ferry fares frozen ${run}`]);

  // the byline names link to the contributor's page: their articles, labels and corrections record
  await page.goto(`/read/${ids.correction}`);
  await page.getByTestId("byline-author").first().click();
  await expect(page).toHaveURL(/\/authors\/0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId("author-record")).toHaveText(/^\d+ published articles? · [1-9]\d* corrected · \d+ retracted · \d+ found misleading or fraudulent by the court$/);
  const mine = page.getByTestId("author-article").filter({ hasText: title });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole("link", { name: title })).toHaveAttribute("href", `/read/${ids.correction}`);
  await expect(mine.getByTestId("author-article-label")).toHaveAttribute("data-label", "corrected");
  await expect(mine.getByRole("link", { name: "Corrected once — see what changed" })).toHaveAttribute("href", `/read/${ids.correction}/history`);
  await expect(page.getByTestId("author-article").filter({ hasText: `Ferry fares frozen ${run}` })).toHaveCount(1);
  await atBothWidths(page, "author");
  expect((await page.request.get("/authors/0x0000000000000000000000000000000000000001")).status()).toBe(404);
  expect((await page.request.get("/authors/not-a-wallet")).status()).toBe(404);
  expect(errors).toEqual([]);
});

test("the article offers the embed HTML to copy, and a node that failed is not used for the next article", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/read/${ids.other}`);
  const iframe = page.getByLabel(/HTML for the embeddable label/);
  const origin = new URL(page.url()).origin;
  await expect(iframe).toHaveValue(new RegExp(`^<iframe src="${origin}/embed/${ids.other}" title="Capsule integrity label: Ferry fares frozen ${run}"`));
  await expect(page.getByLabel(/HTML for the badge image/)).toHaveValue(new RegExp(`<img src="${origin}/api/capsules/${ids.other}/badge`));
  // the embed HTML works: the iframe's page is the label
  const embed = await page.request.get(`/embed/${ids.other}`);
  expect(embed.status()).toBe(200);

  await page.getByText("Check with your own node (technical)").click();
  await page.getByLabel(/Check against this JSON-RPC endpoint/).fill("http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("finalization-check-error")).toContainText("This browser will check the next articles against this site’s /rpc again.");
  await expect(page.getByTestId("rpc-in-use")).toHaveText("Checking against: http://127.0.0.1:9/");
  await page.goto(`/read/${ids.correction}`);
  await expect(page.getByTestId("rpc-in-use")).toHaveText("Checking against: this site’s /rpc");
  await expect(page.getByTestId("finalization-check")).toContainText("this site’s /rpc");
  expect(errors.filter((e) => !e.includes("127.0.0.1:9"))).toEqual([]);
});

test("an author's page takes no name and no record from an article someone else submitted crediting them", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const desk = readerDesk();
  const otherSlug = `other-desk-${run}`;
  const smearTitle = `Fabricated expose ${run}`;
  const author = addressOf(OWNER);
  await desk.outlet(7, otherSlug, "The Other Desk");
  await desk.finalized(7, otherSlug, smearTitle, "Nothing here is true.", { contributors: [{ wallet: author, displayName: `Confessed plagiarist ${run}`, role: 1, contributionType: "author", shareBps: 10000 }] });

  await page.goto(`/authors/${author}`);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("plagiarist");
  await expect(page.getByTestId("author-articles").getByTestId("author-article").filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByTestId("author-articles")).not.toContainText(smearTitle);
  const others = page.getByTestId("credited-by-others");
  await expect(others.getByRole("heading", { name: "Credited by others", level: 2 })).toBeVisible();
  await expect(others.getByRole("link", { name: smearTitle })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("plagiarist");
  await atBothWidths(page, "author-credited");
  expect(errors).toEqual([]);
});

test("the desk's revision history says when a version could not be read, and compares once it is read again", async ({ page }) => {
  const errors = watchConsole(page);
  let failing = true;
  await page.route(
    (url) => url.pathname === pathOf(capsuleRead, { id: ids.original }),
    (route) => (failing ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false, error: { code: "INTERNAL", message: "held back by the test" } }) }) : route.continue()),
  );
  await page.goto(`/capsules/${ids.correction}/history`);
  const failed = page.getByTestId("compare-failed");
  await expect(failed).toContainText(`#${ids.original} (original) could not be read, so the two versions cannot be compared.`, { timeout: 30_000 });
  await expect(page.getByTestId("history-entry").filter({ hasText: `#${ids.original}` })).toContainText("(its title could not be read)");
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await atBothWidths(page, "desk-version-unread");
  failing = false;
  await failed.getByRole("button", { name: "Read again" }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Body" })).toBeVisible();
  await expect(page.getByTestId("history-entry").filter({ hasText: `#${ids.original}` })).toContainText(title);
  expect(errors.filter((error) => !error.includes("500"))).toEqual([]);
});
