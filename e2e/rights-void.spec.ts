import { expect, test } from "@playwright/test";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { addressOf, courtDesk, type CourtFixture } from "./support/court-fixture";
import { actorCast, bothWidths, signIn } from "./support/page-helpers";

// A licence whose escrow deposit went back to its buyer (reclaimed before the operator's release was mined, which then
// reverted) is shown void on /rights, in words, and the exclusive listing it had sold is on offer again: a reader buys it.
// The buyer and the seller hear of it in their inboxes, with the way to the licence on /rights.

test.describe.configure({ mode: "serial" });

const OWNER = 1; // outlet owner, journalist, the listing's payee
const READER = 2;
const BUYER = 3; // took the licence, then reclaimed the deposit
const PRICE = 3n * 10n ** 18n;

const stamp = Date.now().toString(36);
const desk = courtDesk();
const cast = actorCast();
let fixture: CourtFixture;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixture = await desk.finalizedCapsule({ ownerKey: OWNER, disputerKey: READER, slug: `void-${stamp}`, outletName: "The Void Licence Ledger", title: `Bridge tolls doubled ${stamp}` });
});

test("a licence whose deposit its buyer reclaimed shows void, and the exclusive listing sells again", async ({ browser }) => {
  test.setTimeout(180_000);
  const listing = await desk.exclusiveListing(OWNER, fixture.capsuleId, PRICE);
  const granted = await desk.licenceReclaimedBeforeRelease(BUYER, listing.listingId, addressOf(OWNER), PRICE);
  expect(granted.licence.status).toBe("pending");
  // the indexer projects the escrow's Refunded (reclaimed)
  await expect
    .poll(async () => (await desk.api.call(capsuleRights, { params: { id: fixture.capsuleId }, query: {} })).items.find((l) => l.listingId === listing.listingId)?.licences.map((l) => l.status))
    .toEqual(["void"]);

  const reader = await cast.open(browser, READER);
  await reader.page.goto(`/rights?capsule=${fixture.capsuleId}`);
  const row = reader.page.locator(`[data-testid="listing"]`).filter({ hasText: `Listing #${listing.listingId}` });
  await expect(row.getByTestId("listing-status")).toHaveText("Available");
  const licence = row.getByTestId("listing-licence");
  await expect(licence).toHaveAttribute("data-licence-status", "void");
  await expect(licence).toContainText("Void");
  await expect(licence).toContainText("The payment never reached the payee: the escrow gave the deposit back to the buyer before the release was mined. This licence grants nothing.");
  await expect(row).toContainText("0 licence(s) taken (void ones not counted).");
  await expect(reader.page.locator("[aria-busy='true']")).toHaveCount(0);
  await row.scrollIntoViewIfNeeded();
  await bothWidths(reader.page, "void", "rights");

  // the void licence no longer holds the exclusive listing: the reader takes it, paid through the escrow
  await signIn(reader.page);
  await row.getByRole("button", { name: "Take a licence" }).click();
  await row.getByRole("button", { name: "Deposit 3 CAP and take the licence" }).click();
  await expect(row.getByTestId("licence-taken")).toContainText("is recorded for your wallet (3 CAP)");
  await expect(row.getByTestId("licence-release")).toContainText("The escrow released the payment");
  await reader.page.reload();
  const sold = reader.page.locator(`[data-testid="listing"]`).filter({ hasText: `Listing #${listing.listingId}` });
  await expect(sold.getByTestId("listing-status")).toHaveText("Sold");
  await expect(sold.getByTestId("listing-licence")).toHaveCount(2);
  await expect(sold.locator("[data-licence-status='valid']")).toContainText("Valid");
  await expect(sold.locator("[data-licence-status='void']")).toContainText("Void");
  await expect(reader.page.locator("[aria-busy='true']")).toHaveCount(0);
  await bothWidths(reader.page, "void-sold-again", "rights");
});

test("the buyer and the seller of the void licence are told in their inboxes, with the way to it", async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `“Bridge tolls doubled ${stamp}”`;
  const told = [
    [BUYER, "inbox.licence_void", `Your exclusive licence to ${title} is void: the payment (3 CAP) went back to you before it reached the seller, so the licence grants nothing.`],
    [OWNER, "inbox.licence_sale_void", `The exclusive licence sold on ${title} is void: the payment (3 CAP) went back to the buyer, so nothing was paid out for it.`],
  ] as const;
  for (const [key, kind, message] of told) {
    const actor = await cast.open(browser, key);
    await actor.page.goto("/inbox");
    await signIn(actor.page);
    const entry = actor.page.locator(`[data-testid=inbox-item][data-kind='${kind}']`);
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(message);
    await expect(entry.getByTestId("inbox-rights-link")).toHaveAttribute("href", `/rights?capsule=${fixture.capsuleId}`);
    await expect(actor.page.locator("[aria-busy='true']")).toHaveCount(0);
    await bothWidths(actor.page, kind === "inbox.licence_void" ? "void-inbox-buyer" : "void-inbox-seller", "rights");
    if (kind === "inbox.licence_void") {
      await entry.getByTestId("inbox-rights-link").click();
      await expect(actor.page.locator(`[data-testid="listing"] [data-licence-status='void']`)).toContainText("Void");
    }
  }
});
