import { XMLParser } from "fast-xml-parser";
import { expect, test, type Page } from "@playwright/test";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { EMBED_FRAME } from "@/features/reader/embed-frame";
import { readerDesk } from "./support/reader-fixture";
import { freshWallet, juryChain } from "./support/jury-chain";
import { publishTxt } from "./support/dns-server";
import { outletNameOfRun } from "./support/outlet-names";
import { axeViolations, shot, watchConsole } from "./support/page-helpers";

// The reader's side and the distribution tiers, fifth walk: a feed entry's summary keeps its paragraphs apart; the
// embed's links say they open a new tab; an outlet that is not active shows why before its articles, and offers no
// feed it would refuse.

const run = Date.now().toString(36).slice(-5);
const slug = `walk-five-${run}`;
const pendingSlug = `walk-five-new-${run}`;
const title = `Ferry fares fall ${run}`;
const owner = freshWallet();
const newcomer = freshWallet();
let id = "";
let correction = "";
let outletName = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const desk = readerDesk();
  await juryChain().fund(owner, "5000", "0");
  await juryChain().fund(newcomer, "50", "0");
  outletName = await desk.outlet(owner.key, slug, "Walk Five Ferry Desk");
  id = await desk.finalized(owner.key, slug, title, "Ferry fares fall by a tenth from June, the operator said.\n\nCommuters pay less.");
  correction = await desk.finalizedCorrection(owner.key, id, "Ferry fares fall by a fifth from June, the operator said.\n\nCommuters pay less.", "The cut is a fifth, not a tenth.");
  // a new outlet whose domain is not verified yet: pending
  await desk.call(outletCreate, { body: { slug: pendingSlug, name: outletNameOfRun("Walk Five Newcomer Desk"), domain: `${pendingSlug}.example.net` } }, newcomer.key);
});

const doneLoading = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);
const headingsOf = (page: Page) => page.getByRole("heading", { level: 2 }).allTextContents();

test("an outlet feed's entry keeps its summary's paragraphs apart: excerpt, label, correction", async ({ request }) => {
  const xml = await (await request.get(`/outlets/${slug}/feed.xml`)).text();
  const entry = new XMLParser({ ignoreAttributes: false, cdataPropName: "__cdata" }).parse(xml).feed.entry as { summary: { __cdata: string } };
  const paragraphs = [...entry.summary.__cdata.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]!);
  expect(paragraphs).toHaveLength(3);
  expect(paragraphs[0]).toContain("Ferry fares fall by a fifth");
  expect(paragraphs[1]).toMatch(/^Integrity: /);
  expect(paragraphs[2]).toBe("Correction: The cut is a fifth, not a tenth.");
});

test("every link of the embed says it opens a new tab, seen and heard, and the badge still fits its frame", async ({ page }) => {
  await page.goto(`/embed/${correction}`);
  const links = page.locator("a");
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    await expect(link).toHaveAttribute("target", "_blank");
    // heard: the accessible name ends with the words; seen: an arrow after the link's words
    await expect(link).toHaveAccessibleName(/ \(opens in a new tab\)$/);
    await expect(link.locator("[aria-hidden='true']")).toHaveText("\u00a0↗");
  }
  await expect(page.getByRole("link", { name: "read on Capsule (opens in a new tab)" })).toHaveAttribute("href", new RegExp(`/read/${correction}$`));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: EMBED_FRAME.height });
    if (width === EMBED_FRAME.width) expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(EMBED_FRAME.height);
    await shot(page, `reader-walk-five-embed-${width}`);
  }
});

test("a new outlet's page says it is not verified before its (empty) list of articles, and offers no feed", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`/outlets/${pendingSlug}`);
  await doneLoading(page);
  await expect(page.getByTestId("outlet-status")).toHaveText("Pending");
  await expect(page.getByTestId("verification-intro")).toHaveText(
    `Not verified yet: nothing shows yet that this outlet runs ${pendingSlug}.example.net. It becomes active, and may submit articles, once this TXT record is found there.`,
  );
  const headings = await headingsOf(page);
  expect(headings.indexOf("Domain verification")).toBeGreaterThanOrEqual(0);
  expect(headings.indexOf("Domain verification")).toBeLessThan(headings.indexOf("Published articles"));
  // its feed answers 403 while it is not active: no link to it, on the page or in its head
  await expect(page.getByTestId("outlet-no-feed")).toHaveText("No feed until the outlet is active");
  await expect(page.getByRole("link", { name: "Atom feed" })).toHaveCount(0);
  await expect(page.locator(`link[href$="/outlets/${pendingSlug}/feed.xml"]`)).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `at ${width}`).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `reader-walk-five-outlet-pending-${width}`);
  }
  expect(errors).toEqual([]);
});

test("an active outlet's page lists its articles first; once suspended, why comes first and its articles stay", async ({ page }) => {
  await page.goto(`/outlets/${slug}`);
  await doneLoading(page);
  await expect(page.getByRole("heading", { level: 1, name: outletName })).toBeVisible();
  let headings = await headingsOf(page);
  expect(headings.indexOf("Published articles")).toBeLessThan(headings.indexOf("Domain verification"));
  await expect(page.getByTestId("outlet-articles").getByRole("link", { name: "Atom feed" })).toHaveAttribute("href", `/outlets/${slug}/feed.xml`);
  // a Standard outlet: its Atom feed announced in the head, no JSON Feed (that route answers 403 below Elevated)
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", `/outlets/${slug}/feed.xml`);
  await expect(page.locator('link[rel="alternate"][type="application/feed+json"]')).toHaveCount(0);
  await expect(page.getByTestId("outlet-articles").getByRole("link", { name: "JSON Feed" })).toHaveCount(0);
  await expect(page.getByTestId("verification-intro")).toHaveText(`The domain is verified: this TXT record was found at ${slug}.example.net, so the outlet runs that domain.`);
  await shot(page, "reader-walk-five-outlet-active-1280");

  // the record is gone at the next check: suspended
  const desk = readerDesk();
  publishTxt(`${slug}.example.net`, []);
  const checked = await desk.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, owner.key);
  expect(checked.verified).toBe(false);
  await page.goto(`/outlets/${slug}`);
  await doneLoading(page);
  await expect(page.getByTestId("outlet-status")).toHaveText("Suspended");
  headings = await headingsOf(page);
  expect(headings.indexOf("Domain verification")).toBeLessThan(headings.indexOf("Published articles"));
  await expect(page.getByTestId("verification-intro")).toContainText(`No longer verified: the last check did not find this TXT record at ${slug}.example.net`);
  // the last check's reason is written for the owner ("Publish the record above"): a reader is not given it
  await expect(page.getByTestId("verification-result")).toHaveCount(0);
  await expect(page.getByTestId("outlet-articles").getByTestId("article-item")).toHaveCount(1);
  await expect(page.getByTestId("outlet-no-feed")).toBeVisible();
  await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `reader-walk-five-outlet-suspended-${width}`);
  }
});

test("a partner reads on /distribution where each tier's channels are and how to subscribe, and the feeds it names answer", async ({ page, request }) => {
  await page.goto("/distribution");
  await doneLoading(page);
  const channels = page.getByTestId("partner-channels");
  await expect(channels.getByRole("heading", { level: 2, name: "Receiving the articles" })).toBeVisible();
  for (const [name, path, type] of [
    ["The network’s Atom feed", "/feed.xml", "application/atom+xml"],
    ["The network’s JSON Feed", "/feed.json", "application/feed+json"],
  ] as const) {
    await expect(channels.getByRole("link", { name })).toHaveAttribute("href", path);
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain(type);
  }
  await expect(channels).toContainText("POST /websub");
  await expect(channels).toContainText("an outlet’s feeds only from Elevated");
  await expect(channels.getByRole("link", { name: "partner webhooks page" })).toHaveAttribute("href", "/operator/webhooks");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `at ${width}`).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `reader-walk-five-distribution-${width}`);
  }
});
