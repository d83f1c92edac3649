import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Response } from "@playwright/test";
import { pathOf } from "@/lib/api/request";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { CRAWL_DISALLOWED } from "@/features/reader/crawl-paths";
import { readerDesk } from "./support/reader-fixture";
import { watchConsole } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_A_NAME = outletNameOfRun("The Harbour Post");

// Readers (issue 12): the public front page, an outlet's articles, the server-rendered article with
// its label and correction notice, real 404s, and checking the article against a node of one's own.

const OWNER_A = 3; // owner, journalist and only Editor of the first outlet
const OWNER_B = 5;
const run = Date.now().toString(36).slice(-5);
const slugA = `harbour-post-${run}`;
const slugB = `river-gazette-${run}`;
const ids = { a1: "", a2: "", b1: "", draft: "", correction: "" };
const titles = { a1: `Harbour dredging starts in February ${run}`, a2: `Ferry timetable changes for winter ${run}`, b1: `River banks reinforced before the floods ${run}` };

// Text an article may well contain (a piece about web security, say): it travels in the islands' JSON
// props too, and must neither close their <script> element nor run.
const SCRIPT_IN_TEXT = "Quoted from the report: `</script><script>window.__readerXss = 1</script>`";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await desk.outlet(OWNER_A, slugA, OUTLET_A_NAME);
  await desk.outlet(OWNER_B, slugB, "The River Gazette");
  ids.a1 = await desk.finalized(OWNER_A, slugA, titles.a1, `${titles.a1}.\n\nThe works take **six weeks**, the port authority said on Monday.`);
  ids.a2 = await desk.finalized(OWNER_A, slugA, titles.a2, `${titles.a2}.\n\nThe last ferry leaves at 21:40 from December.\n\n${SCRIPT_IN_TEXT}`);
  ids.b1 = await desk.finalized(OWNER_B, slugB, titles.b1, `${titles.b1}.\n\nSandbags were placed along four kilometres of the bank.`);
  ids.draft = await desk.draft(OWNER_A, slugA, `Unpublished draft ${run}`, "Not for readers yet.");
  ids.correction = await desk.correctionUnderVote(OWNER_A, ids.a1, `${titles.a1}.\n\nThe works take **eight weeks**, the port authority said on Monday.`);
});

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shotsAt(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/screenshots/reader-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("front page → outlet → article, with labels and the correction under vote", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Latest articles", level: 1 })).toBeVisible();
  const items = page.getByTestId("article-item");
  const a1 = items.filter({ hasText: titles.a1 });
  await expect(a1).toHaveCount(1);
  await expect(items.filter({ hasText: titles.b1 })).toHaveCount(1);
  await expect(items.filter({ hasText: `Unpublished draft ${run}` })).toHaveCount(0);
  await expect(a1.getByTestId("article-label")).toHaveAttribute("data-label", "clean");
  await expect(a1.getByTestId("article-correction-notice")).toContainText("A correction is being voted on; the vote closes");
  // the listed version is the finalized one, not the correction under vote
  await expect(a1.getByRole("link", { name: titles.a1 })).toHaveAttribute("href", `/read/${ids.a1}`);
  await expect(a1).toContainText("six weeks");
  await shotsAt(page, "front");

  // filters: by outlet, then by a label nothing carries
  // a choice applies at once, as on the court list (the Filter button is for browsers without scripts)
  await page.getByLabel("Outlet").selectOption(slugB);
  await expect(page).toHaveURL(new RegExp(`outlet=${slugB}`));
  await expect(items.filter({ hasText: titles.b1 })).toHaveCount(1);
  await expect(items.filter({ hasText: titles.a1 })).toHaveCount(0);
  await page.goto(`/?label=fraudulent&outlet=${slugA}`);
  await expect(page.getByTestId("article-list-empty")).toHaveText("No published articles match.");

  // the outlet page lists that outlet's published articles only
  await page.goto("/");
  await a1.getByRole("link", { name: OUTLET_A_NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/outlets/${slugA}$`));
  const outletArticles = page.getByTestId("outlet-articles");
  await expect(outletArticles.getByTestId("article-item")).toHaveCount(2);
  await expect(outletArticles).toContainText(titles.a1);
  await expect(outletArticles).toContainText(titles.a2);
  await expect(outletArticles).not.toContainText(titles.b1);
  await expect(outletArticles).not.toContainText(`Unpublished draft ${run}`);
  await shotsAt(page, "outlet");

  await outletArticles.getByRole("link", { name: titles.a1 }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${ids.a1}$`));
  await expect(page.getByTestId("reader-title")).toHaveText(titles.a1);
  await expect(page.getByTestId("correction-under-vote")).toContainText("A correction is being voted on; the vote closes");
  await expect(page.getByTestId("superseded-note")).toHaveCount(0);
  await expect(page.getByTestId("reader-body")).toContainText("six weeks");
  await expect(page.getByTestId("reader-body")).not.toContainText("eight weeks");
  await expect(page.getByTestId("integrity-label")).toHaveAttribute("data-label", "clean");
  await shotsAt(page, "article");
  expect(errors).toEqual([]);
});

test("the article is in the server's HTML with metadata, canonical URL and NewsArticle JSON-LD", async ({ request, baseURL }) => {
  const response = await request.get(`/read/${ids.a1}`);
  expect(response.status()).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  expect(html).toContain(`<title>${titles.a1} · Capsule</title>`);
  expect(html).toContain(OUTLET_A_NAME);
  expect(html).toContain("six weeks");
  expect(html).toContain("Integrity: Clean");
  expect(html).toContain("A correction is being voted on; the vote closes");
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL}/read/${ids.a1}"`));
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-\d\d-\d\dT/);
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(ld).not.toBeNull();
  const data = JSON.parse(ld![1]!) as Record<string, unknown>;
  expect(data["@type"]).toBe("NewsArticle");
  expect(data.headline).toBe(titles.a1);
  expect(data.url).toBe(`${baseURL}/read/${ids.a1}`);
  expect(data.publisher).toEqual({ "@type": "Organization", name: OUTLET_A_NAME });
});

test("search engines find the articles: robots.txt names the sitemap, which lists the published articles and no draft or version under vote", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const rules = await robots.text();
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const disallowed = [...rules.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]);
  expect(disallowed).toEqual([...CRAWL_DISALLOWED]);
  // the API (the badge's address, say) is kept out; the article and the court record are not
  const kept = (path: string) => disallowed.some((prefix) => path.startsWith(prefix!));
  expect(kept(pathOf(capsuleBadge, { id: ids.a1 }))).toBe(true);
  expect(kept(`/read/${ids.a1}`)).toBe(false);
  expect(kept("/court")).toBe(false);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(locations[0]).toBe(`${baseURL}/`);
  for (const id of [ids.a1, ids.a2, ids.b1]) expect(locations).toContain(`${baseURL}/read/${id}`);
  for (const id of [ids.draft, ids.correction]) expect(locations).not.toContain(`${baseURL}/read/${id}`);
});

// The article page ships no React runtime (pages/read/[id].tsx, `unstable_runtimeJS: false`): its only
// script is /islands/reader.js (Preact with the two islands and the menu), which must mount (the body
// hash check appears) and stay under issue 12's budget of 120 KB gzipped (bytes, not timings). The
// header offers a plain Sign in link and nothing of the wallet stack or of Next.js's client loads.
test("the article page ships no wallet code and no React runtime: a Sign in link, its islands, under 120 KB of JavaScript gzipped", async ({ page }) => {
  const errors = watchConsole(page);
  const scripts: Array<Promise<{ url: string; gzip: number; text: string }>> = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length, text: body.toString("utf8") })));
  };
  page.on("response", collect);
  await page.goto(`/read/${ids.a1}`, { waitUntil: "networkidle" });
  await expect(page.getByTestId("reader-sign-in")).toHaveAttribute("href", "/newsroom");
  await expect(page.getByTestId("reader-sign-in")).toHaveText("Sign in");
  await expect(page.getByRole("button", { name: "Connect wallet" })).toHaveCount(0);
  await expect(page.getByTestId("body-hash-check")).toContainText("✓ The text above hashes (SHA-256)");
  // the desk's scripts after the Sign in click are not this page's: a body still being read when the test ends
  // would fail the next test
  page.off("response", collect);
  const loaded = await Promise.all(scripts);
  // error strings of wagmi's provider and react-query's client, present in any bundle that has them
  const walletStack = loaded.filter((s) => /WagmiProviderNotFoundError|No QueryClient set/.test(s.text)).map((s) => new URL(s.url).pathname);
  expect(walletStack).toEqual([]);
  const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
  expect(total, `scripts: ${loaded.map((s) => `${new URL(s.url).pathname} ${s.gzip}`).join(", ")}`).toBeLessThan(120 * 1024);
  expect(loaded.map((s) => new URL(s.url).pathname)).toEqual(["/islands/reader.js"]);
  // the header's Sign in leads to the desk, where the wallet menu is
  await page.getByTestId("reader-sign-in").click();
  await expect(page).toHaveURL(/\/newsroom$/);
  await expect(page.getByRole("button", { name: "Connect wallet" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("on a phone the article page's menu opens, closes with Escape and hands focus back, without React", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/read/${ids.a1}`);
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(page.getByTestId("body-hash-check")).toBeVisible(); // the islands' script has run
  await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Court" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/reader-article-menu-360.png" });
  await nav.getByRole("link", { name: "Network" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav.getByRole("link", { name: "Court" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("unknown ids, drafts and capsules under vote answer HTTP 404", async ({ request, page }) => {
  for (const id of ["999999", ids.draft, ids.correction, "abc", "0"]) {
    const response = await request.get(`/read/${id}`);
    expect(response.status(), `/read/${id}`).toBe(404);
    expect(await response.text()).not.toContain("Not for readers yet");
  }
  const response = await page.goto(`/read/${ids.draft}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  // a page that finds nothing inside either frame, and a path no page claims: one header and one <main> each
  for (const path of ["/authors/0x00000000000000000000000000000000000000ff", "/read/999999/history", "/network/block/999999999", "/network/address/zz", "/no-such-page"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 }), path).toBeVisible();
    await expect(page.locator("main"), path).toHaveCount(1);
    await expect(page.locator("header"), path).toHaveCount(1);
  }
});

test("the article's technical check says npm run verify checks the integrity label too", async ({ page }) => {
  await page.goto(`/read/${ids.a1}`);
  const details = page.getByTestId("proof-details");
  await details.getByText("Check this article yourself (technical)").click();
  await expect(page.getByTestId("proof-label-note")).toHaveText(
    "It checks the integrity label too: that the jury court’s record on chain (the case opened, or its final finding), or the author’s correction or retraction, gives this label, and that no later case changed it.",
  );
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noHorizontalOverflow(page);
    await details.screenshot({ path: `test-results/screenshots/reader-proof-label-${width}.png` });
  }
});

test("the reader checks the article against their own node (remembered), then opens the badge and the embed", async ({ page, request }) => {
  const errors = watchConsole(page);
  const nodeRpcUrl = process.env.CAPSULE_E2E_NODE_RPC_URL ?? "";
  await page.goto(`/read/${ids.a2}`);
  // first against this site's /rpc, labelled as such
  await expect(page.getByTestId("rpc-in-use")).toHaveText("Checking against: this site’s /rpc");
  await expect(page.getByTestId("finalization-check")).toContainText(`read this transaction from this site’s /rpc: it finalized capsule #${ids.a2}`);
  // the checks in one plain sentence first
  await expect(page.getByTestId("finalization-summary")).toHaveText(
    "✓ Checked: this is the text the editors approved, the Capsule chain records their decision, and its record gives the label “Clean”. Your browser did this check itself; the lines below say how.",
  );
  // a clean label is checked too: the browser scanned JuryCourt's logs for a case on the article and found none
  await expect(page.getByTestId("label-check")).toHaveText("✓ The label “Clean” holds: the chain records no jury case on this article (read from this site’s /rpc).");
  // then against the node directly (a second RPC endpoint), remembered across reloads: the field is folded
  // away under a technical summary, since most readers run no node
  await expect(page.getByLabel(/Check against this JSON-RPC endpoint/)).toBeHidden();
  await page.getByText("Check with your own node (technical)").click();
  await page.getByLabel(/Check against this JSON-RPC endpoint/).fill(nodeRpcUrl);
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("finalization-check")).toContainText(`read this transaction from ${nodeRpcUrl}: it finalized capsule #${ids.a2}`);
  await expect(page.getByTestId("stored-hash-check")).toContainText("✓ At that block the registry stores the content hash of the text above");
  // the outlet, the submitter and the version it corrects, as the page names them, are the registry's
  await expect(page.getByTestId("record-check")).toContainText(/^✓ The registry has it from outlet “[a-z0-9-]+”, submitted by 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}, as an original, correcting no earlier version, as this page says\.$/);
  await page.getByTestId("finalization").screenshot({ path: "test-results/screenshots/reader-record-check-1280.png" });
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await noHorizontalOverflow(page);
  await page.getByTestId("finalization").screenshot({ path: "test-results/screenshots/reader-record-check-360.png" });
  if (wide) await page.setViewportSize(wide);
  // the text with a </script> in it hashed right (its JSON props read back exactly) and ran nothing
  await expect(page.getByTestId("body-hash-check")).toContainText("✓ The text above hashes (SHA-256)");
  await expect(page.getByTestId("reader-body")).toContainText("</script><script>window.__readerXss = 1</script>");
  expect(await page.evaluate(() => "__readerXss" in window)).toBe(false);
  await page.reload();
  await expect(page.getByTestId("rpc-in-use")).toHaveText(`Checking against: ${nodeRpcUrl}`);
  await expect(page.getByTestId("finalization-check")).toContainText(`from ${nodeRpcUrl}`);
  await page.getByTestId("finalization").screenshot({ path: "test-results/screenshots/reader-verify-own-node.png" });
  // a node that does not answer is reported, not hidden
  await page.getByLabel(/Check against this JSON-RPC endpoint/).fill("http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page.getByTestId("finalization-check-error")).toContainText("Could not read the record from http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Use this site’s /rpc" }).click();
  await expect(page.getByTestId("rpc-in-use")).toHaveText("Checking against: this site’s /rpc");

  // the badge links to the proof and says the label in its title
  const src = await page.getByTestId("badge-img").getAttribute("src");
  expect(src).toBe(pathOf(capsuleBadge, { id: ids.a2 }));
  await expect(page.getByTestId("badge-link")).toHaveAttribute("href", `/read/${ids.a2}#chain-heading`);
  const badge = await request.get(src!);
  expect(badge.status()).toBe(200);
  expect(badge.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  const svg = await badge.text();
  expect(svg).toContain(`<title>${titles.a2} — Integrity: Clean. No dispute has been raised against this article.</title>`);
  expect(svg).toContain("✓ Clean");
  expect((await request.get(pathOf(capsuleBadge, { id: ids.draft }))).status()).toBe(404);
  const pendingBadge = await request.get(pathOf(capsuleBadge, { id: ids.correction }));
  expect(await pendingBadge.text()).toContain("not published");

  await page.goto(`/embed/${ids.a2}`);
  await expect(page.getByTestId("embed-label")).toHaveAttribute("data-label", "clean");
  await expect(page.getByRole("link", { name: "Check the on-chain proof" })).toHaveAttribute("href", new RegExp(`/read/${ids.a2}#chain-heading$`));
  await page.screenshot({ path: "test-results/screenshots/reader-embed-1280.png" });
  await page.setViewportSize({ width: 360, height: 200 });
  await noHorizontalOverflow(page);
  await page.screenshot({ path: "test-results/screenshots/reader-embed-360.png" });
  for (const id of [ids.draft, "999999", "abc"]) {
    const missing = await request.get(`/embed/${id}`);
    expect(missing.status(), id).toBe(404);
    // a partner's iframe shows a page in the badge's style, not the API's JSON
    expect(missing.headers()["content-type"], id).toContain("text/html");
    expect(await missing.text(), id).toContain("No published article at this address on Capsule</h1>");
  }
  expect(errors.filter((e) => !e.includes("127.0.0.1:9") && !e.includes("404"))).toEqual([]);
});
