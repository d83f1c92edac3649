import { expect, test } from "@playwright/test";
import { ROLE } from "@/lib/roles/role-catalog";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { signedInAt, watchConsole } from "./support/page-helpers";
import { fundedWallet } from "./support/node-rpc";
import { PRIVATE_REFRESH_MS } from "@/components/live/private-refresh";
import { outletNameOfRun } from "./support/outlet-names";

const OPEN_PAGE_OUTLET = outletNameOfRun("The Open Page Post");

// What a wallet changes privately in one tab (an offer declined, the inbox marked read) is not on the
// public stream; the other open tabs of the same browser hear of it and show it without being reloaded
// or brought to the front. What another browser does (an owner offering a role) reaches an open page
// by its private reads' periodic refresh.

const desk = readerDesk();
const stamp = Date.now().toString(36);

/** An outlet of a fresh owner, and a fresh wallet with its bond posted, to be offered roles there. */
async function outletAndGrantee(slug: string, name: string) {
  const owner = await fundedWallet(desk.nodeRpcUrl);
  const grantee = await fundedWallet(desk.nodeRpcUrl);
  await desk.outlet(owner.key, slug, name);
  await desk.deposit(grantee.key, "100");
  return { owner, grantee };
}

test("an offer declined and an inbox marked read in one tab show in the wallet's other open tab", async ({ browser }) => {
  test.setTimeout(180_000);
  const slug = `tabs-${stamp}`;
  const { owner, grantee } = await outletAndGrantee(slug, "The Two Tabs Times");
  for (const roleId of [ROLE.JOURNALIST, ROLE.REPORTER]) {
    expect((await desk.api.call(roleGrant, { body: { outletSlug: slug, wallet: grantee.address, roleId } }, owner.key)).status).toBe("offered");
  }

  // the grantee has the newsroom open in two tabs of one browser
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const first = await context.newPage();
  const errors = watchConsole(first);
  await signedInAt(first, grantee.key, "/newsroom");
  const second = await context.newPage();
  const secondErrors = watchConsole(second);
  await signedInAt(second, grantee.key, "/newsroom");
  for (const tab of [first, second]) await expect(tab.getByTestId("role-offer")).toHaveCount(2);

  // declined in the first tab: the second drops it too (a decline is private, not on the public stream)
  await first.getByTestId("role-offer").filter({ hasText: "Reporter role" }).getByRole("button", { name: /^Decline/ }).click();
  await expect(first.getByTestId("role-offer")).toHaveCount(1);
  await expect(second.getByTestId("role-offer")).toHaveCount(1);
  await expect(second.getByTestId("role-offer")).toContainText("Journalist role");

  // accepted in the first tab: on chain, so both tabs hear it from the stream, and the inbox has news
  await first.getByTestId("role-offer").getByRole("button", { name: /^Accept/ }).click();
  for (const tab of [first, second]) {
    await expect(tab.getByTestId("role-offers")).toHaveCount(0, { timeout: 60_000 });
    await expect(tab.getByTestId("inbox-unread")).toHaveText(/^[1-9][0-9]*$/, { timeout: 60_000 });
  }

  // the inbox marked read in the first tab: the second tab's count goes too
  await first.getByTestId("inbox-link").click();
  await first.getByRole("button", { name: /^Mark all [0-9]+ read$/ }).click();
  await expect(first.getByTestId("inbox-unread")).toHaveCount(0);
  await expect(second.getByTestId("inbox-unread")).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(secondErrors).toEqual([]);
  await context.close();
});

test("an offer made from another browser shows on the grantee's open newsroom page, with its inbox entry, without a reload", async ({ browser }) => {
  test.setTimeout(180_000);
  const slug = `open-${stamp}`;
  const { owner, grantee } = await outletAndGrantee(slug, OPEN_PAGE_OUTLET);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signedInAt(page, grantee.key, "/newsroom");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("role-offer")).toHaveCount(0);
  await expect(page.getByTestId("inbox-unread")).toHaveCount(0);

  // the owner offers from elsewhere (its own browser, here the API): nothing is pushed to the grantee's page
  expect((await desk.api.call(roleGrant, { body: { outletSlug: slug, wallet: grantee.address, roleId: ROLE.JOURNALIST } }, owner.key)).status).toBe("offered");
  const withinARefresh = { timeout: PRIVATE_REFRESH_MS + 15_000 };
  await expect(page.getByTestId("role-offer"), "the offer appears at the next refresh").toContainText(`${OPEN_PAGE_OUTLET} offers you the Journalist role`, withinARefresh);
  await expect(page.getByTestId("inbox-unread")).toHaveText(/^[1-9][0-9]*$/, withinARefresh);
  expect(errors).toEqual([]);
  await context.close();
});
