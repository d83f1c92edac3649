import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOfferDecline } from "@/features/roles/offer-decline.endpoint";
import { roleRevoke } from "@/features/roles/revoke.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { displayAddress } from "@/lib/wallet/short-address";
import { devKeys } from "@/test/support/anvil";
import { keyAddress } from "./support/capsule-desk";
import { grantAccepted } from "./support/grant-accepted";
import { freshWallet, juryChain } from "./support/jury-chain";
import { newsroomDesk } from "./support/newsroom-desk";
import { actorCast, bothWidths, signIn } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

// Who may revoke whom (docs/DECISIONS.md, 2026-12-06): an Editor's members list offers no Revoke the bridge would
// refuse (none on the owner's roles, none on another Editor's) and says why, and no appointment of an Editor (only the
// owner appoints one, or withdraws its offer); the revoked wallet's newsroom names its revocation however many inbox
// entries came after it.

test.describe.configure({ mode: "serial" });

const OWNER = 3;
const slug = `revoke-${Date.now().toString(36)}`;
const OUTLET = outletNameOfRun("The Revoking Desk");
const desk = newsroomDesk();
const chain = juryChain();
const editor = freshWallet();
const otherEditor = freshWallet();
const journalist = freshWallet();
const candidate = freshWallet();
const cast = actorCast();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await desk.deposit(OWNER, "300");
  await chain.fund(editor, "300", "250");
  await chain.fund(otherEditor, "300", "250");
  await chain.fund(journalist, "200", "150");
  await chain.fund(candidate, "300", "250");
  await desk.activeOutlet(OWNER, slug, OUTLET);
  const ownerKey = devKeys[OWNER] as Hex;
  await grantAccepted(desk.api, ownerKey, slug, editor.key, ROLE.EDITOR);
  await grantAccepted(desk.api, ownerKey, slug, otherEditor.key, ROLE.EDITOR);
  await grantAccepted(desk.api, ownerKey, slug, journalist.key, ROLE.JOURNALIST);
});

test("an Editor's members list offers Revoke only on what an Editor may revoke, and says why", async ({ browser }) => {
  const { page } = await cast.open(browser, editor.key);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  const members = page.getByTestId("outlet-members");
  await expect(members.getByRole("button", { name: `Revoke Journalist from ${displayAddress(journalist.address)}` })).toBeVisible();
  await expect(members.getByRole("button", { name: "Give up your Editor role" })).toBeVisible();
  await expect(members.getByRole("button", { name: `Revoke Editor from ${displayAddress(keyAddress(OWNER))}` })).toHaveCount(0);
  await expect(members.getByRole("button", { name: `Revoke Editor from ${displayAddress(otherEditor.address)}` })).toHaveCount(0);
  await expect(members.getByRole("button", { name: /^Revoke / })).toHaveCount(1);
  await expect(page.getByTestId("revoke-owner-only")).toHaveText(
    "Only the owner revokes an Editor’s role or the owner’s own; as an Editor you may revoke Journalist and Reporter roles, and give up your own.",
  );
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await bothWidths(page, "editor-roles-list", "revoke-rules");
});

test("the owner's members list offers Revoke on every Editor's role", async ({ browser }) => {
  const { page } = await cast.open(browser, OWNER);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  const members = page.getByTestId("outlet-members");
  for (const wallet of [editor.address, otherEditor.address]) await expect(members.getByRole("button", { name: `Revoke Editor from ${displayAddress(wallet)}` })).toBeVisible();
  await expect(page.getByTestId("revoke-owner-only")).toHaveCount(0);
});

test("an Editor's grant form offers no Editor role, and the owner's Editor offer has no Withdraw for it", async ({ browser }) => {
  const offered = await desk.call(roleGrant, { body: { outletSlug: slug, wallet: candidate.address, roleId: ROLE.EDITOR } }, OWNER);
  if (offered.status !== "offered") throw new Error("the Editor role was not offered");
  const { page } = await cast.open(browser, editor.key);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  const options = page.locator("#grant-role option");
  await expect(options.first()).toHaveText(/^Journalist/);
  expect((await options.allTextContents()).filter((text) => text.startsWith("Editor"))).toEqual([]);
  const offer = page.getByTestId("sent-offer").filter({ hasText: "Editor" });
  await expect(offer.getByTestId("sent-offer-owner-only")).toHaveText("Only the owner may withdraw it");
  await expect(offer.getByRole("button", { name: /^Withdraw/ })).toHaveCount(0);
  await bothWidths(page, "editor-sent-offers", "revoke-rules");
});

test("the revoked wallet's newsroom names the revocation after more than a page of later inbox entries", async ({ browser }) => {
  await desk.api.call(roleRevoke, { body: { outletSlug: slug, wallet: journalist.address, roleId: ROLE.JOURNALIST } }, editor.key);
  // 21 later entries (offers it declined) put the revocation past the inbox's first page of 20
  for (let i = 0; i < 21; i++) {
    const offered = await desk.call(roleGrant, { body: { outletSlug: slug, wallet: journalist.address, roleId: ROLE.REPORTER } }, OWNER);
    if (offered.status !== "offered") throw new Error("the Reporter role was not offered");
    await desk.api.call(roleOfferDecline, { body: { offerId: offered.offer.offerId } }, journalist.key);
  }
  const { page } = await cast.open(browser, journalist.key);
  await page.goto("/newsroom");
  await signIn(page);
  await expect(page.getByTestId("newsroom-no-roles")).toHaveAttribute("data-reason", "revoked");
  await expect(page.getByTestId("newsroom-role-revoked")).toHaveText(`An Editor of ${OUTLET} revoked your Journalist role there. Your bond is no longer locked for it.`);
});
