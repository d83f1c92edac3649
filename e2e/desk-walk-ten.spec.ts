import { expect, test } from "@playwright/test";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { publishTxt } from "./support/dns-server";
import { freshWallet, juryChain } from "./support/jury-chain";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { outletNameOfRun } from "./support/outlet-names";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// Desk walk, tenth round (a fresh clone walked as a newsroom's journalist and Editor): New capsule is offered only to
// a wallet that may draft, and a wallet without a role is told what it needs; a role row's Deposit brings the person
// to the filled form; the deposit's confirmation gives way to the role's activated state; a draft's edit page opened
// before sign-in asks to sign in without a failing read.

const jury = juryChain();
const desk = readerDesk();
const stamp = Date.now().toString(36);

test("a wallet without a role is not offered New capsule but told it needs a role from an outlet's owner", async ({ page }) => {
  const stranger = freshWallet();
  await jury.fund(stranger, "10", "0");
  const errors = watchConsole(page);
  await installTestWallet(page, stranger.key);
  await page.goto("/newsroom");
  await signIn(page);
  await expect(page.getByTestId("newsroom-no-roles")).toBeVisible();
  await expect(page.getByTestId("newsroom-draft-needs-role")).toHaveText("To draft a capsule you need the Journalist, Reporter or Editor role at an outlet: its owner grants it.");
  await expect(page.getByRole("link", { name: "New capsule" })).toHaveCount(0);
  await bothWidths(page, "newsroom-no-role", "walk-ten");
  expect(errors).toEqual([]);
});

test("a role row's Deposit brings the owner to the filled form; the activation replaces the deposit's confirmation", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = freshWallet(); // CAP to spend, no bond: the owner's Editor role is recorded unbonded
  await jury.fund(owner, "5000", "0");
  const slug = `walk10-${stamp}`;
  const domain = `${slug}.example.net`;
  const created = await desk.call(outletCreate, { body: { slug, name: outletNameOfRun("The Tenth Walk Post"), domain } }, owner.key);
  publishTxt(domain, [created.txtRecord.value]);
  expect((await desk.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, owner.key)).verified).toBe(true);
  await installTestWallet(page, owner.key);
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/bonds");
  await signIn(page);
  const role = page.locator(`[data-testid="bond-role"][data-outlet="${slug}"]`);
  await role.getByRole("button", { name: "Deposit 250 CAP" }).click();
  const amount = page.locator("#deposit-amount");
  await expect(amount).toHaveValue("250");
  await expect(amount).toBeFocused();
  await expect(amount).toBeInViewport();
  // and the form says what the amount is for, beside it
  await expect(page.getByTestId("deposit-filled-for")).toContainText("Filled in: 250 CAP for the Editor role at");
  await expect(page.getByTestId("deposit-filled-for")).toBeInViewport();
  // on a phone the cards stack, the form far below the row: the click still brings the person to it
  await page.setViewportSize({ width: 360, height: 700 });
  await role.getByRole("button", { name: "Deposit 250 CAP" }).click();
  await expect(amount).toBeFocused();
  await expect(amount).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByTestId("deposit-status")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 });
  await role.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByTestId("bond-role-activated")).toContainText("Activated", { timeout: 30_000 });
  // the deposit is done with: its "Confirmed on chain." no longer stands beside the activated role
  await expect(page.getByTestId("deposit-status")).toHaveCount(0);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await bothWidths(page, "bonds-activated", "walk-ten");

  // the owner holds the Editor role and may draft: the newsroom offers New capsule
  await page.goto("/newsroom");
  await expect(page.getByRole("link", { name: "New capsule" })).toBeVisible();
  await expect(page.getByTestId("newsroom-draft-needs-role")).toHaveCount(0);
});

test("a draft's edit page opened before sign-in asks to sign in, with no failing read, then opens the draft", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0");
  const slug = `walk10e-${stamp}`;
  await desk.outlet(owner.key, slug, "The Tenth Walk Edit Post");
  const id = await desk.draft(owner.key, slug, `Tram depot ${stamp}`, "Tram depot.\n\nThe new depot opens in May, the city said.");
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.goto(`/capsules/${id}/edit`);
  await expect(page.getByTestId("edit-sign-in")).toContainText("Connect your wallet and sign in");
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await bothWidths(page, "edit-sign-in", "walk-ten");
  await signIn(page);
  await expect(page.getByTestId("autosave-status")).toBeVisible();
  await expect(page.getByTestId("edit-sign-in")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a role at an outlet not yet verified sends its bonded owner to verify the domain before Activate is offered", async ({ page }) => {
  test.setTimeout(180_000);
  const owner = freshWallet();
  await jury.fund(owner, "5000", "0"); // no bond when the outlet is registered: its owner's Editor role is recorded unbonded
  const slug = `walk10p-${stamp}`;
  const domain = `${slug}.example.net`;
  const created = await desk.call(outletCreate, { body: { slug, name: outletNameOfRun("The Tenth Walk Pending Post"), domain } }, owner.key);
  await desk.deposit(owner.key, "250"); // the Editor's bond, deposited before the domain is verified
  const errors = watchConsole(page);
  await installTestWallet(page, owner.key);
  await page.goto("/bonds");
  await signIn(page);
  const role = page.locator(`[data-testid="bond-role"][data-outlet="${slug}"]`);
  const pending = role.getByTestId("bond-role-outlet-pending");
  await expect(pending).toContainText("is not active yet: verify its domain on the outlet’s page first, then activate the role here.");
  await expect(pending.getByRole("link", { name: "the outlet’s page" })).toHaveAttribute("href", `/outlets/${slug}`);
  await expect(role.getByRole("button", { name: "Activate" })).toHaveCount(0);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await bothWidths(page, "bonds-outlet-pending", "walk-ten");

  publishTxt(domain, [created.txtRecord.value]);
  expect((await desk.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, owner.key)).verified).toBe(true);
  await page.reload();
  await expect(role.getByRole("button", { name: "Activate" })).toBeVisible();
  await expect(pending).toHaveCount(0);
  expect(errors).toEqual([]);
});
