import { expect, test, type Page } from "@playwright/test";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { newSecret, startReceiver } from "@/features/partners/partners.test-support";
import { canonicalEnv } from "@/features/operator/canonical-env.endpoint";
import { envKeys } from "@/features/operator/env-keys.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { pathOf } from "@/lib/api/request";
import { keyAddress } from "./support/capsule-desk";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// The pages of money and rights, walked as their users would: the embed a partner frames (its proof is a page a reader
// reads, the JSON named for software in the head) and the badge snippet an outlet pastes (the badge links to the
// article, in a new tab); what each amount on /rights and /bounties is for; a partner reading its own webhook's
// deliveries on /operator/webhooks; and /burn, /bonds, /operator at 1280 and 360 px without console errors.

test.describe.configure({ mode: "serial" });

const OPERATOR = 0; // the bridge operator on the e2e stack
const OWNER = 4; // outlet owner and journalist, the listings' lister
const PARTNER = 5; // a partner of a webhook, and a licence's buyer
const run = Date.now().toString(36);
const desk = readerDesk();
let capsuleId: string;

const settled = (page: Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const slug = `money-${run}`;
  await desk.outlet(OWNER, slug, "The Money Walk Gazette");
  capsuleId = await desk.finalized(OWNER, slug, `Harbour fees rise ${run}`, "The harbour board raised mooring fees by a tenth.\n\nFishers say the rise came without notice.");
});

test("the embed's proof link leads a reader to the article's on-chain record; the JSON is named for software in the head", async ({ page, request }) => {
  const errors = watchConsole(page);
  await page.goto(`/embed/${capsuleId}`);
  const links = page.getByRole("main").getByRole("link");
  await expect(links).toHaveText([/^Check the on-chain proof/, /^read on Capsule/]);
  expect(await page.getByRole("main").innerText()).not.toContain("JSON");
  // software finds the proof's JSON where machines look for alternates
  const alternate = page.locator("head link[rel='alternate'][type='application/json']");
  await expect(alternate).toHaveAttribute("href", new RegExp(`${pathOf(capsuleProof, { id: capsuleId }).replace(/\//g, "\\/")}$`));
  const proof = await request.get((await alternate.getAttribute("href")) ?? "");
  expect(proof.status()).toBe(200);
  expect(String((await proof.json()).capsuleId)).toBe(capsuleId);
  await bothWidths(page, "embed", "money-walk");
  // the reader's link: the article's on-chain record, in words, in a new tab
  const [record] = await Promise.all([page.waitForEvent("popup"), links.first().click()]);
  await expect(record).toHaveURL(new RegExp(`/read/${capsuleId}#chain-heading$`));
  await expect(record.getByRole("heading", { name: "On-chain record" })).toBeVisible();
  await record.close();
  expect(errors).toEqual([]);
});

test("the badge snippet an outlet pastes links the badge to the article, in a new tab, and says so", async ({ page, context }) => {
  await page.goto(`/read/${capsuleId}`);
  const snippet = await page.getByTestId("embed-snippet-badge").inputValue();
  const partner = await context.newPage();
  await partner.setContent(`<!doctype html><html lang="en"><head><title>A partner's page</title></head><body><main><h1>A partner's page</h1><p>${snippet}</p></main></body></html>`);
  const badge = partner.getByRole("link", { name: `Capsule integrity label of “Harbour fees rise ${run}” (opens in a new tab)` });
  await expect.poll(() => badge.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const [article] = await Promise.all([partner.waitForEvent("popup"), badge.click()]);
  await expect(article).toHaveURL(new RegExp(`/read/${capsuleId}#chain-heading$`));
  expect(partner.url()).toBe("about:blank");
  await article.close();
  await partner.close();
});

test("each amount on /rights says what it is: a licence's price, what a buyer paid or that it was free", async ({ page }) => {
  test.setTimeout(120_000);
  const priced = await desk.call(rightsCreate, { body: { capsuleId, licenceType: "non_exclusive", territory: "worldwide", price: "2500000000000000000", currency: "CAP", terms: "Online republication for a year." } }, OWNER);
  const free = await desk.call(rightsCreate, { body: { capsuleId, licenceType: "editorial_use", territory: "worldwide", price: "0", currency: "CAP", terms: "Quotes with credit." } }, OWNER);
  await desk.call(rightsLicense, { body: { listingId: free.listing.listingId } }, PARTNER);
  const errors = watchConsole(page);
  await page.goto(`/rights?capsule=${capsuleId}`);
  await settled(page);
  const pricedRow = page.locator(`[data-testid="listing"][data-listing-id="${priced.listing.listingId}"]`);
  await expect(pricedRow.getByTestId("listing-price-line")).toHaveText("Price of one licence: 2.5 CAP");
  const freeRow = page.locator(`[data-testid="listing"][data-listing-id="${free.listing.listingId}"]`);
  await expect(freeRow.getByTestId("listing-price-line")).toHaveText("Price of one licence: 0 CAP (free)");
  await expect(freeRow.getByTestId("listing-licence")).toContainText(`taken free by ${keyAddress(PARTNER).slice(0, 6)}`);
  await bothWidths(page, "rights", "money-walk");
  expect(errors).toEqual([]);
});

test("a bounty's figure is named as its reward", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/bounties");
  await settled(page);
  const first = page.getByTestId("bounty-proposal").first();
  await expect(first.getByTestId("bounty-reward").locator("xpath=..")).toHaveText("Reward 400 CAP");
  await bothWidths(page, "bounties", "money-walk");
  expect(errors).toEqual([]);
});

test("a partner reads its own webhook's deliveries on /operator/webhooks with the number the operator gave it", async ({ page }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver(newSecret());
  try {
    const registered = await desk.call(partnersRegisterWebhook, { body: { partnerWallet: keyAddress(PARTNER), url: receiver.url, secret: newSecret(), eventTypes: ["article.finalized"], description: `Money walk ${run}` } }, OPERATOR);
    const id = registered.webhook.webhookId;
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await installTestWallet(page, PARTNER);
    await page.goto("/operator/webhooks");
    await signIn(page);
    await expect(page.getByTestId("webhooks-operator-only")).toHaveText("Only the bridge operator manages partner webhooks.");
    const form = page.getByRole("form", { name: "Read your webhook’s deliveries" });
    const field = form.getByLabel("Webhook number");
    const read = form.getByRole("button", { name: "Read its deliveries" });
    await field.fill("three");
    await read.click();
    await expect(field).toHaveAccessibleDescription(/Enter the webhook’s number, like 3/);
    await field.fill("999999");
    await read.click();
    await expect(page.getByTestId("partner-webhook-not-found")).toContainText("Webhook #999999 is not registered for this wallet.");
    await field.fill(`#${id}`);
    await read.click();
    const panel = page.getByTestId("webhook-deliveries");
    await expect(panel.getByRole("heading", { name: `Recent deliveries of webhook #${id}` })).toBeVisible();
    await expect(panel.getByTestId("partner-webhook-url")).toHaveText(`Sent to ${receiver.url}`);
    await expect(panel.getByTestId("deliveries-empty")).toHaveText("Nothing has been sent to this webhook yet.");
    await settled(page);
    await bothWidths(page, "webhooks-partner", "money-walk");
    // the browser logs the bridge's answers the page expects (403 to the operator's list, 404 to a number not the partner's), nothing else
    expect(errors.filter((line) => !/status of 40[34]/.test(line))).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("/burn, /bonds and /operator read at 1280 and 360 px without console errors", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await installTestWallet(page, OWNER);
  for (const [path, name] of [["/burn", "burn"], ["/operator", "operator"]] as const) {
    await page.goto(path);
    await settled(page);
    await bothWidths(page, name, "money-walk");
  }
  await page.goto("/bonds");
  await signIn(page);
  await settled(page);
  await bothWidths(page, "bonds", "money-walk");
  expect(errors).toEqual([]);
});

test("a failed refresh of the operator's settings keeps them, and the words typed to find one, under a notice", async ({ page, context }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/operator");
  const find = page.getByLabel("Find a setting");
  await find.fill("timeout");
  const shown = page.getByTestId("settings-shown");
  await expect(shown).toContainText("Showing");
  const before = await shown.innerText();
  // the reads older than react-query's five seconds of freshness, so coming back online reads them again
  await page.waitForTimeout(5_500);
  const settingsReads = new Set([pathOf(canonicalEnv), pathOf(envKeys)]);
  const away = (url: URL) => settingsReads.has(url.pathname);
  const unavailable = JSON.stringify({ ok: false, error: "UNAVAILABLE", message: "The server is restarting; try again shortly.", statusCode: 503 });
  await page.route(away, (route) => route.fulfill({ status: 503, contentType: "application/json", body: unavailable }));
  await context.setOffline(true);
  await context.setOffline(false);
  const notice = page.getByTestId("refresh-failed").filter({ hasText: "The configuration could not be refreshed" });
  await expect(notice).toContainText("this shows what was read at", { timeout: 15_000 });
  await expect(page.getByText("Configuration is unavailable")).toHaveCount(0);
  await expect(find).toHaveValue("timeout");
  await expect(shown).toHaveText(before);
  await page.unroute(away);
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(notice).toHaveCount(0);
  expect(errors.filter((line) => !/status of 503/.test(line))).toEqual([]);
});
