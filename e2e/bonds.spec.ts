import { expect, test } from "@playwright/test";
import { createPublicClient, http } from "viem";
import { walletRolesAtOutlet } from "@/features/roles/wallet-at-outlet.endpoint";
import { capsuleChain } from "@/lib/chain/chain";
import { walletCap as shownBalance } from "@/components/bonds/bond-format";
import { keyAddress } from "./support/capsule-desk";
import { newsroomDesk } from "./support/newsroom-desk";
import { installTestWallet } from "./support/test-wallet";
import { axeOf, expectNoOverflowAt360, shot, signIn, watchConsole } from "./support/page-helpers";
import { outletNameOfRun } from "./support/outlet-names";

const OUTLET_NAME = outletNameOfRun("The Bond Desk");

// Issue 13, item 1: bonds in the app. An outlet owner whose Editor role was recorded unbonded (no
// bond at registration) sees the notice on the outlet page, deposits the missing bond through the
// /bonds page with the wallet, activates the role (POST /api/roles/grant, signed), and then votes on
// a capsule of the outlet. No raw wei anywhere on the page; nothing scrolls sideways at 360 px.

const OWNER = 7;
const slug = `bond-${Date.now().toString(36)}`;
const desk = newsroomDesk();

const nodeRpcUrl = process.env.CAPSULE_E2E_NODE_RPC_URL ?? "";
const node = createPublicClient({ chain: capsuleChain(nodeRpcUrl), transport: http(nodeRpcUrl) });
/** The owner's CAP as the chain has it, as the page should write it (4 decimals, rounded down). */
const walletCap = async () => shownBalance(await node.getBalance({ address: keyAddress(OWNER) }));

const expectNoWei = async (page: import("@playwright/test").Page) => expect(await page.locator("body").innerText()).not.toMatch(/wei/);

test("an unbonded outlet owner deposits, activates the Editor role and votes", async ({ page }) => {
  test.setTimeout(240_000);
  await desk.activeOutlet(OWNER, slug, OUTLET_NAME);
  const before = await desk.call(walletRolesAtOutlet, { params: { wallet: keyAddress(OWNER), outletSlug: slug } });
  expect(before.roles.map((r) => [r.name, r.bonded])).toEqual([["Editor", false]]);
  expect(before.bond.bonded).toBe("0");
  expect(before.isVoter).toBe(false);

  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await installTestWallet(page, OWNER);
  await page.goto(`/outlets/${slug}`);
  await signIn(page);

  // the outlet page says the Editor role is not bonded and leads to /bonds
  const notice = page.getByTestId("bond-notice");
  await expect(notice).toContainText("Editor");
  await expect(notice).toContainText("not bonded yet");
  await expectNoWei(page);
  await shot(page, "bonds-outlet-notice");
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, "bonds-outlet-notice-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflowAt360(page);
  await notice.getByRole("link", { name: /Bonds page/ }).click();
  await expect(page).toHaveURL(/\/bonds$/);

  // the bond panel: 0 CAP, the role's requirement, how much is missing, the lock rule
  await expect(page.getByTestId("bond-bonded")).toHaveText("0 CAP");
  await expect(page.getByTestId("bond-locked")).toHaveText("0 CAP");
  await expect(page.getByTestId("lock-rule")).toContainText("largest requirement");
  // what the wallet holds, beside the bond and by the deposit form: what a deposit can draw on
  await expect(page.getByTestId("wallet-balance")).toHaveText(await walletCap());
  await expect(page.getByTestId("deposit-balances")).toContainText(`In your wallet: ${await walletCap()}. Bonded now: 0 CAP.`);
  const role = page.locator(`[data-testid="bond-role"][data-outlet="${slug}"]`);
  await expect(role).toHaveAttribute("data-bonded", "false");
  await expect(role).toContainText("Requires a bond of 250 CAP");
  await expect(role.getByTestId("bond-role-missing")).toContainText("deposit 250 CAP more");
  await expect(role.getByRole("button", { name: "Activate" })).toHaveCount(0);
  await expectNoWei(page);
  await shot(page, "bonds-unbonded");
  const axe = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, "bonds-unbonded-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflowAt360(page);

  // a bad amount and a withdrawal above the unlocked part are refused before the wallet is asked
  await page.getByLabel("Amount (CAP)", { exact: true }).first().fill("abc");
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByText("Enter an amount in CAP")).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();
  await page.getByLabel("Amount (CAP)", { exact: true }).first().fill("100000000");
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByText(`Your wallet holds ${await walletCap()}: deposit at most that`)).toBeVisible();

  // the offered deposit fills the missing amount; the wallet pays; the page follows the transaction
  await role.getByRole("button", { name: "Deposit 250 CAP" }).click();
  await expect(page.locator("#deposit-amount")).toHaveValue("250");
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByTestId("deposit-status")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 });
  await expect(page.getByTestId("bond-bonded")).toHaveText("250 CAP");
  await expect(page.locator("#deposit-amount")).toHaveValue("");
  await expect(page.getByTestId("bond-unlocked")).toHaveText("250 CAP");
  // the deposit left the wallet (250 CAP and the fee): the page reads the balance again
  await expect.poll(async () => (await page.getByTestId("wallet-balance").innerText()) === (await walletCap())).toBe(true);
  await expect(page.getByTestId("deposit-balances")).toContainText("Bonded now: 250 CAP.");

  // activation: the bridge locks the bond and sets the voter flag on chain
  await role.getByRole("button", { name: "Activate" }).click();
  await expect(role).toHaveAttribute("data-bonded", "true", { timeout: 30_000 });
  await expect(role.getByTestId("bond-role-status")).toHaveText("Bonded");
  await expect(page.getByTestId("bond-locked")).toHaveText("250 CAP");
  await expect(page.getByTestId("bond-unlocked")).toHaveText("0 CAP");
  const after = await desk.call(walletRolesAtOutlet, { params: { wallet: keyAddress(OWNER), outletSlug: slug } });
  expect(after.roles.map((r) => [r.name, r.bonded])).toEqual([["Editor", true]]);
  expect(after.bond).toEqual({ bonded: "250000000000000000000", locked: "250000000000000000000", unlocked: "0" });
  expect(after.isVoter).toBe(true);
  await expectNoWei(page);
  await shot(page, "bonds-bonded");
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, "bonds-bonded-360");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflowAt360(page);

  // a withdrawal beyond the unlocked part is refused with the rule in words; a small top-up then withdrawn works
  await page.locator("#deposit-amount").fill("5");
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByTestId("bond-unlocked")).toHaveText("5 CAP", { timeout: 30_000 });
  await page.locator("#withdraw-amount").fill("6");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText("You can withdraw at most 5 CAP")).toBeVisible();
  await page.locator("#withdraw-amount").fill("5");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByTestId("withdraw-status")).toHaveAttribute("data-state", "confirmed", { timeout: 30_000 });
  await expect(page.getByTestId("bond-unlocked")).toHaveText("0 CAP");
  await expect(page.getByTestId("bond-bonded")).toHaveText("250 CAP");

  // the outlet page no longer shows the notice
  await page.goto(`/outlets/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: OUTLET_NAME })).toBeVisible();
  await expect(page.getByTestId("outlet-articles")).toBeVisible();
  await expect(page.getByTestId("bond-notice")).toHaveCount(0);

  // and the owner, now a bonded Editor, votes on a capsule of the outlet
  const capsuleId = await desk.pendingCapsule(OWNER, slug, "Ferry timetable changes in May", "Bo Owner");
  await page.goto(`/capsules/${capsuleId}`);
  await page.getByRole("button", { name: "Vote yes" }).click();
  await page.getByRole("button", { name: "Confirm: vote yes" }).click();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes.");
  expect(errors, "console errors").toEqual([]);
});
