import { expect, test } from "@playwright/test";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { pathOf } from "@/lib/api/request";
import { ownershipAccept } from "@/features/outlets/ownership-accept.endpoint";
import { displayAddress } from "@/lib/wallet/short-address";
import { devKeys } from "@/test/support/anvil";
import { keyAddress } from "./support/capsule-desk";
import { grantAccepted } from "./support/grant-accepted";
import { freshWallet, juryChain } from "./support/jury-chain";
import { newsroomDesk } from "./support/newsroom-desk";
import { actorCast, bothWidths, signIn } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

// Ownership of an outlet is handed over, not taken (docs/DECISIONS.md, 2026-12-06): the owner offers it from an
// Editor's row in the members panel after words saying what it means, may withdraw it, and the offered Editor accepts
// it there; then the Editor is the owner and the former owner is an Editor without the owner's powers.

test.describe.configure({ mode: "serial" });

const OWNER = 3;
const slug = `handover-${Date.now().toString(36)}`;
const OUTLET = outletNameOfRun("The Handover Desk");
const desk = newsroomDesk();
const chain = juryChain();
const editor = freshWallet();
const cast = actorCast();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await desk.deposit(OWNER, "300");
  await chain.fund(editor, "300", "250");
  await desk.activeOutlet(OWNER, slug, OUTLET);
  await grantAccepted(desk.api, devKeys[OWNER] as Hex, slug, editor.key, ROLE.EDITOR);
});

const idle = async (page: import("@playwright/test").Page) => expect(page.locator("[aria-busy='true']")).toHaveCount(0);

test("the owner offers the ownership to an Editor after words saying what it means, and may withdraw it", async ({ browser }) => {
  const { page } = await cast.open(browser, OWNER);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);
  await idle(page);
  const members = page.getByTestId("outlet-members");
  // no offer on the owner's own row: only on the Editor's
  await expect(members.getByTestId("offer-ownership")).toHaveCount(1);
  await members.getByRole("button", { name: `Offer the ownership of this outlet to ${displayAddress(editor.address)}` }).click();
  const confirm = page.getByTestId("ownership-confirm");
  await expect(confirm).toContainText("Nothing changes until they accept. The new owner alone appoints and revokes Editors and is the outlet’s party in its court cases");
  await bothWidths(page, "confirm", "outlet-ownership");
  await confirm.getByRole("button", { name: "Offer ownership" }).click();
  await expect(page.getByTestId("role-changed")).toHaveText(`Ownership offered to ${displayAddress(editor.address)}; nothing changes until they accept.`);
  const offer = page.getByTestId("ownership-offer");
  await expect(offer).toContainText("waiting for their answer");
  await expect(members.getByTestId("offer-ownership")).toHaveCount(0);
  // the offered Editor's row says where the open offer is, in place of the button
  await expect(members.getByTestId("ownership-offered-badge")).toHaveText("Ownership offered (below)");
  await idle(page);
  await bothWidths(page, "owner-pending", "outlet-ownership");
  await offer.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByTestId("role-changed")).toHaveText("You withdrew the ownership offer.");
  await expect(page.getByTestId("ownership-offer")).toHaveCount(0);
  await expect(members.getByTestId("offer-ownership")).toHaveCount(1);
  await expect(members.getByTestId("ownership-offered-badge")).toHaveCount(0);
});

test("the offered Editor accepts in the members panel and then owns the outlet; the former owner stays an Editor", async ({ browser }) => {
  const owner = await cast.open(browser, OWNER);
  await owner.page.goto(`/outlets/${slug}`);
  await signIn(owner.page);
  await idle(owner.page);
  await owner.page.getByTestId("offer-ownership").click();
  await owner.page.getByTestId("ownership-confirm").getByRole("button", { name: "Offer ownership" }).click();
  await expect(owner.page.getByTestId("ownership-offer")).toBeVisible();

  // the Editor's inbox says what is offered and leads to the outlet's page, where it answers
  const { page } = await cast.open(browser, editor.key);
  await page.goto("/inbox");
  await signIn(page);
  await expect(page.getByText(`The owner of ${OUTLET} offers you its ownership`)).toBeVisible();
  await idle(page);
  await bothWidths(page, "inbox", "outlet-ownership");
  await page.getByTestId("inbox-ownership-link").first().click();
  await expect(page).toHaveURL(new RegExp(`/outlets/${slug}$`));
  await idle(page);
  const offer = page.getByTestId("ownership-offer");
  await expect(offer).toContainText("The owner offers you the ownership of this outlet.");
  await expect(offer.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await bothWidths(page, "editor-offered", "outlet-ownership");
  // the accept's answer held back until a re-read (the tab shown again) found the offer closed and took the offer
  // line, and its buttons, off the page, as a focus or a pushed change may during the accept's chain wait: the page
  // still says what happened
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${pathOf(ownershipAccept)}`, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await offer.getByRole("button", { name: "Accept ownership" }).click();
  await expect
    .poll(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      return page.getByTestId("ownership-offer").count();
    })
    .toBe(0);
  release();
  await expect(page.getByTestId("role-changed")).toHaveText("You now own this outlet: you alone appoint and revoke its Editors.");
  await page.unroute(`**${pathOf(ownershipAccept)}`);
  await expect(page.getByTestId("outlet-owner")).toContainText("(you)");
  await expect(page.getByTestId("ownership-offer")).toHaveCount(0);
  // the new owner may now hand it on to the former owner, who is still an Editor
  await expect(page.getByRole("button", { name: `Offer the ownership of this outlet to ${displayAddress(keyAddress(OWNER))}` })).toBeVisible();
  await idle(page);
  await bothWidths(page, "new-owner", "outlet-ownership");

  // the former owner's page, read again, shows it as an Editor: no Offer ownership, no Revoke on the new owner's role
  await owner.page.reload();
  await signIn(owner.page);
  await idle(owner.page);
  await expect(owner.page.getByTestId("outlet-owner")).not.toContainText("(you)");
  await expect(owner.page.getByTestId("offer-ownership")).toHaveCount(0);
  await expect(owner.page.getByRole("button", { name: `Revoke Editor from ${displayAddress(editor.address)}` })).toHaveCount(0);
});
