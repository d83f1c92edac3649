import { expect, test, type Page } from "@playwright/test";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import type { Hex } from "viem";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { keyAddress } from "./support/capsule-desk";
import { newsroomDesk } from "./support/newsroom-desk";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, signedInAt, watchConsole } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Sixth Polish Post");

// Desk polish, sixth round: a vote that fails keeps its confirmation open, with the error in it and the focus on
// it; the only author of a draft is not offered Remove; an outlet's page offers its drafting members "New capsule".

test.describe.configure({ mode: "serial" });

const OWNER = 4; // the outlet's owner: its only bonded Editor, and the submitter of the capsule under vote
const JOURNALIST = 5; // a Journalist of the outlet
const STRANGER = 2; // holds no role at the outlet
const stamp = Date.now().toString(36);
const slug = `polish6-${stamp}`;
const desk = newsroomDesk();
let pendingId = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await desk.deposit(OWNER, "300");
  await desk.deposit(JOURNALIST, "100");
  await desk.activeOutlet(OWNER, slug, OUTLET_NAME);
  await desk.grantRole(OWNER, slug, JOURNALIST, ROLE.JOURNALIST);
  pendingId = await desk.pendingCapsule(OWNER, slug, `Tram depot extended ${stamp}`, "Noor Vance");
});

/** Where the keyboard focus is: "body" when it was dropped, else the focused element's test id or role. */
const focusOf = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? "body" : (document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.getAttribute("role") ?? document.activeElement?.tagName ?? "none")));

test("a vote that fails keeps the confirmation open, with the error, the choice and the reason, and the focus", async ({ page }) => {
  const errors = watchConsole(page);
  const wallet = await installTestWallet(page, OWNER);
  await page.goto(`/capsules/${pendingId}`);
  await signIn(page);
  await page.getByRole("button", { name: "Vote no" }).click();
  const confirm = page.getByTestId("vote-confirm");
  const reason = page.getByLabel("Your reason (optional, public)");
  await reason.fill("The depot figures are not in the council minutes.");

  // the wallet refuses to sign the ballot
  wallet.rejectNext("eth_signTypedData_v4");
  await confirm.getByRole("button", { name: "Confirm: vote no" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(/You rejected the request in your wallet/);
  await expect(confirm).toContainText("Vote No?");
  await expect(reason).toHaveValue("The depot figures are not in the council minutes.");
  await expect.poll(() => focusOf(page)).toBe("vote-error");
  await bothWidths(page, "vote-wallet-refused", "polish-six");

  // the bridge refuses the ballot (a reason with a control character, which the page does not catch): 400; from the
  // error, Tab reaches Confirm again
  await reason.fill("The depot figures are not in the council minutes.\u0007");
  const refused = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith(`/capsules/${pendingId}/vote`));
  await confirm.getByRole("button", { name: "Confirm: vote no" }).click();
  expect((await refused).status()).toBe(400);
  await expect(confirm.getByRole("alert")).toContainText("one line, without control characters");
  await expect(confirm).toContainText("Vote No?");
  await expect(reason).toHaveValue("The depot figures are not in the council minutes.\u0007");
  await expect.poll(() => focusOf(page)).toBe("vote-error");
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Confirm: vote no" })).toBeFocused();
  await bothWidths(page, "vote-bridge-refused", "polish-six");

  // the reason fixed, the vote is recorded
  await reason.fill("The depot figures are not in the council minutes.");
  await confirm.getByRole("button", { name: "Confirm: vote no" }).click();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted No.");
  await expect(page.getByTestId("my-reason")).toHaveText("Your reason: “The depot figures are not in the council minutes.”");
  await expect(page.getByTestId("vote-panel").getByRole("alert")).toHaveCount(0);
  expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
});

test("the only author of a draft is not offered Remove, and the bridge refuses a list without an author", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, JOURNALIST, `/capsules/new?outlet=${slug}`);
  await page.getByLabel("Title").fill(`Ferry timetable changes ${stamp}`);
  await page.getByLabel("Body", { exact: true }).fill("The ferry runs every twenty minutes from May.");
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  const rows = page.getByTestId("contributor-item");
  await expect(rows).toHaveCount(1);
  await rows.first().getByLabel("Display name").fill("Jo Journalist");
  await expect(rows.first().getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(rows.first().getByTestId("only-author")).toHaveText("The only author: credit another contributor as author to remove this row.");
  await bothWidths(page, "draft-only-author", "polish-six");

  // a second contributor, credited as researcher: the journalist is still the only author
  await page.getByRole("button", { name: "Add contributor" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole("button", { name: /^Remove/ })).toBeVisible();
  await expect(rows.first().getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  // credited as author too: either author may go
  await rows.nth(1).getByLabel("Contribution").selectOption("author");
  await expect(rows.first().getByRole("button", { name: /^Remove/ })).toBeVisible();
  await expect(rows.first().getByTestId("only-author")).toHaveCount(0);
  await rows.nth(1).getByRole("button", { name: /^Remove/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  // the only author's credit changed away from author: the list says what is missing
  await rows.first().getByLabel("Contribution").selectOption("researcher");
  await expect(page.locator("#contributors-error")).toHaveText("At least one contributor must be credited as author");
  await expect(rows.first().getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(rows.first().getByTestId("only-author")).toHaveText("The only contributor: a capsule needs one, credited as author.");
  await rows.first().getByLabel("Contribution").selectOption("author");
  await expect(page.locator("#contributors-error")).toHaveCount(0);
  await expect(page.getByTestId("autosave-status")).toHaveAttribute("data-state", "saved");
  const draftId = new URL(page.url()).pathname.split("/")[2] ?? "";
  expect(draftId).toMatch(/^[0-9]+$/);

  // the bridge: a list that leaves no author is refused, in the seed's error shape
  const refusal = await desk.api.send(
    capsuleUpdate,
    { body: { capsuleId: draftId, contributors: [{ wallet: keyAddress(JOURNALIST), displayName: "Jo Journalist", role: ROLE.JOURNALIST, contributionType: "researcher", shareBps: 10_000 }] } },
    devKeys[JOURNALIST] as Hex,
  );
  expect(refusal.status).toBe(400);
  expect(refusal.body).toMatchObject({ ok: false, error: "VALIDATION_ERROR", issues: [{ path: "contributors", message: "at least one contributor must be credited as author" }] });
  expect(errors).toEqual([]);
});

test("an outlet's page offers New capsule to its drafting members only, with the outlet chosen", async ({ page }) => {
  const errors = watchConsole(page);
  // a reader, signed out
  await page.goto(`/outlets/${slug}`);
  await expect(page.getByRole("heading", { name: OUTLET_NAME })).toBeVisible();
  await expect(page.getByRole("link", { name: "New capsule" })).toHaveCount(0);

  // a wallet without a role there: the page has read its roles at the outlet
  const rolesRead = page.waitForResponse((response) => response.url().toLowerCase().endsWith(pathOf(walletRolesAtOutlet, { wallet: keyAddress(STRANGER), outletSlug: slug }).toLowerCase()));
  await signedInAt(page, STRANGER, `/outlets/${slug}`);
  expect((await rolesRead).status()).toBe(200);
  await expect(page.getByTestId("outlet-members")).toBeVisible();
  await expect(page.getByRole("link", { name: "New capsule" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a Journalist of the outlet starts a capsule from its page, with the outlet preselected", async ({ page }) => {
  const errors = watchConsole(page);
  await signedInAt(page, JOURNALIST, `/outlets/${slug}`);
  const link = page.getByTestId("outlet-new-capsule").getByRole("link", { name: "New capsule" });
  await expect(link).toHaveAttribute("href", `/capsules/new?outlet=${slug}`);
  await bothWidths(page, "outlet-new-capsule", "polish-six");
  await link.click();
  await page.waitForURL(`**/capsules/new?outlet=${slug}`);
  await expect(page.locator("#draft-outlet")).toHaveValue(slug);
  expect(errors).toEqual([]);
});
