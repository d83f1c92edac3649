import { expect, test } from "@playwright/test";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { pathOf } from "@/lib/api/request";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { readerDesk } from "./support/reader-fixture";
import { grantAccepted } from "./support/grant-accepted";
import { publishTxt } from "./support/dns-server";
import { bothWidths, signedInAt, watchConsole } from "./support/page-helpers";
import { installTestWallet, TEST_WALLET_NAME } from "./support/test-wallet";
import { fundedWallet, nodeRpc as nodeRpcAt } from "./support/node-rpc";
import { outletNameOfRun } from "./support/outlet-names";

// Issue 31, the desk's second round: a bond that falls short is announced where the next step would
// be refused (inbox, newsroom, submit panel) with the exact top-up and a link that does it; the Bonds
// page sees a role the moment the outlet is registered; forms keep what was typed across navigation;
// one session per browser, shared by its tabs and signed out everywhere at once.
//
// Each test uses fresh wallets (funded on anvil), so what other specs did to the ten dev wallets
// (roles, bonds) cannot change what these pages show.

test.describe.configure({ mode: "serial" });

const desk = readerDesk();
const chain = capsuleChain(desk.nodeRpcUrl);
const publicClient = createPublicClient({ chain, transport: http(desk.nodeRpcUrl) });
const stamp = Date.now().toString(36);
/** The dev key that owns the outlet of a finalized article one test needs. */
const ARTICLE_OWNER = 6;

const nodeRpc = (method: string, params: unknown[]) => nodeRpcAt(desk.nodeRpcUrl, method, params);

const freshWallet = () => fundedWallet(desk.nodeRpcUrl);

async function contract(name: "roleRegistry"): Promise<Address> {
  const address = (await desk.call(contractsSummary, {})).contracts[name]?.address;
  if (!address) throw new Error(`no ${name} contract`);
  return getAddress(address);
}

/** The integrity court's penalty, as the court contract sends it (anvil lets the test speak as that contract). */
async function slash(wallet: Address, units: string) {
  const court = await publicClient.readContract({ address: await contract("roleRegistry"), abi: roleRegistryAbi, functionName: "court" });
  await nodeRpc("anvil_impersonateAccount", [court]);
  await nodeRpc("anvil_setBalance", [court, `0x${parseEther("1").toString(16)}`]);
  try {
    const asCourt = createWalletClient({ chain, transport: http(desk.nodeRpcUrl), account: court });
    const hash = await asCourt.writeContract({ address: await contract("roleRegistry"), abi: roleRegistryAbi, functionName: "slash", args: [wallet, parseEther(units)], gas: 1_000_000n });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("the slash reverted");
  } finally {
    await nodeRpc("anvil_stopImpersonatingAccount", [court]);
  }
}

async function activeOutlet(key: Hex, slug: string, name: string) {
  const domain = `${slug}.example.net`;
  const created = await desk.api.call(outletCreate, { body: { slug, name: outletNameOfRun(name), domain } }, key);
  publishTxt(domain, [created.txtRecord.value]);
  const verified = await desk.api.call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, key);
  if (!verified.verified) throw new Error(`outlet ${slug} did not verify`);
}

test("a bond short after a court penalty is announced in the inbox, the newsroom and the submit panel, with the exact top-up that fixes it", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const author = await freshWallet();
  const slug = `short-bond-${stamp}`;
  await desk.deposit(author.key, "250");
  await activeOutlet(author.key, slug, "The Shortfall Times");
  const draft = await desk.api.call(capsuleCreate, { body: { title: `Tide tables revised ${stamp}`, body: "Tide tables revised.\n\nThe harbour office published new tables.", outletSlug: slug, category: "city", tags: ["harbour"], status: "draft" } }, author.key);
  await slash(author.address, "25"); // 225 CAP left under a 250 CAP lock
  const registry = await contract("roleRegistry");
  const [bonded, locked] = await Promise.all([
    publicClient.readContract({ address: registry, abi: roleRegistryAbi, functionName: "bondOf", args: [author.address] }),
    publicClient.readContract({ address: registry, abi: roleRegistryAbi, functionName: "lockedOf", args: [author.address] }),
  ]);
  expect([bonded, locked]).toEqual([parseEther("225"), parseEther("250")]);

  await signedInAt(page, author.key, "/inbox");
  const inboxWarning = page.getByTestId("bond-shortfall-warning");
  await expect(inboxWarning).toContainText("Your bond is 25 CAP short.");
  await expect(inboxWarning).toContainText("It holds 225 CAP; your roles need 250 CAP");
  await expect(inboxWarning.getByRole("link", { name: "Deposit 25 CAP" })).toHaveAttribute("href", "/bonds?deposit=25");
  await bothWidths(page, "inbox-shortfall", "round-three");

  await page.goto("/newsroom");
  await expect(page.getByTestId("bond-shortfall-warning")).toHaveAttribute("data-missing", "25");
  await bothWidths(page, "newsroom-shortfall", "round-three");

  await page.goto(`/capsules/${draft.capsuleId}/edit`);
  const submitWarning = page.getByTestId("submit-panel").getByTestId("bond-shortfall-warning");
  await expect(submitWarning).toContainText("Until you top it up, submitting this capsule will be refused.");
  await bothWidths(page, "submit-shortfall", "round-three");

  // the link does it: the Bonds page opens with 25 filled in, the form in view and focused
  await submitWarning.getByRole("link", { name: "Deposit 25 CAP" }).click();
  await expect(page).toHaveURL(/\/bonds\?deposit=25$/);
  const amount = page.locator("#deposit-amount");
  await expect(amount).toHaveValue("25");
  await expect(amount).toBeFocused();
  await expect(amount).toBeInViewport();
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(page.getByTestId("deposit-status")).toHaveAttribute("data-state", "confirmed");
  await expect(page.getByTestId("bond-bonded")).toHaveText("250 CAP");

  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await expect(page.getByTestId("inbox-items").or(page.getByTestId("inbox-empty"))).toBeVisible();
  await expect(page.getByTestId("bond-shortfall-warning")).toHaveCount(0);
  // a draft's page waits for the session before reading it: no anonymous read, no 404 in the console
  expect(errors).toEqual([]);
});

test("the Bonds page shows the Editor role of an outlet registered meanwhile, without a reload, and its deposit button takes you to the filled form", async ({ page }) => {
  const errors = watchConsole(page);
  const owner = await freshWallet();
  await signedInAt(page, owner.key, "/bonds");
  await expect(page.getByTestId("no-roles")).toBeVisible();

  // registered elsewhere (another tab, the API): the page takes the change from the live push
  const slug = `new-role-${stamp}`;
  await desk.api.call(outletCreate, { body: { slug, name: outletNameOfRun("The Fresh Ledger"), domain: `${slug}.example.net` } }, owner.key);
  const role = page.getByTestId("bond-role");
  await expect(role).toHaveAttribute("data-outlet", slug, { timeout: 10_000 });
  await expect(role).toHaveAttribute("data-role", "Editor");

  await page.setViewportSize({ width: 360, height: 700 });
  await role.getByRole("button", { name: "Deposit 250 CAP" }).click();
  const amount = page.locator("#deposit-amount");
  await expect(amount).toHaveValue("250");
  await expect(amount).toBeFocused();
  await expect(amount).toBeInViewport();
  await bothWidths(page, "bonds-new-role", "round-three");
  expect(errors).toEqual([]);
});

test("what was typed in the outlet registration and grant role forms survives leaving the page, and a refusal for want of bond says so in words", async ({ page }) => {
  const errors = watchConsole(page);
  const owner = await freshWallet();
  const slug = `kept-forms-${stamp}`;
  await desk.deposit(owner.key, "250");
  await activeOutlet(owner.key, slug, "The Kept Gazette");
  await signedInAt(page, owner.key, "/outlets");

  const register = page.getByRole("form", { name: "Register an outlet" });
  await register.getByLabel("Name").fill("The Unfinished Herald");
  await register.getByLabel("Slug").fill(`unfinished-${stamp}`);
  await page.goto("/bonds");
  await page.goto("/outlets");
  await expect(register.getByLabel("Name")).toHaveValue("The Unfinished Herald");
  await expect(register.getByLabel("Slug")).toHaveValue(`unfinished-${stamp}`);
  await bothWidths(page, "outlets-kept", "round-three");

  const grantee = privateKeyToAccount(generatePrivateKey()).address;
  await page.goto(`/outlets/${slug}`);
  const grant = page.getByRole("form", { name: "Grant a role" });
  await grant.getByLabel("Wallet").fill(grantee);
  await grant.getByLabel("Role").selectOption({ label: "Reporter — bond 50 CAP" });
  // the grantee holds no bond: the refusal says so in words and points at the Bonds page
  await grant.getByRole("button", { name: "Grant role" }).click();
  const needed = grant.getByTestId("bond-needed");
  await expect(needed).toContainText("That wallet's bond is too small for this role: it needs 50 CAP more.");
  await expect(needed.getByRole("link", { name: "Bonds page" })).toHaveAttribute("href", "/bonds");
  await expect(needed).not.toContainText("RoleRegistry");
  await page.goto("/newsroom");
  await page.goto(`/outlets/${slug}`);
  await expect(grant.getByLabel("Wallet")).toHaveValue(grantee);
  await expect(grant.getByLabel("Role")).toHaveValue("2");
  await bothWidths(page, "grant-kept", "round-three");
  // the refused grant is the one failed request (the browser logs every 4xx)
  expect(errors.filter((e) => !(e.includes("403 (Forbidden)") && e.trim().endsWith(pathOf(roleGrant))))).toEqual([]);
});

test("one session per browser: a second tab is signed in already, and signing out in one signs out both", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const first = await context.newPage();
  const second = await context.newPage();
  const firstErrors = watchConsole(first);
  const secondErrors = watchConsole(second);
  const reader = await freshWallet();
  await signedInAt(first, reader.key, "/bonds");

  // the second tab only connects the wallet (as a browser extension remembers the site): no signature
  await installTestWallet(second, reader.key);
  await second.goto("/newsroom");
  const walletButton = second.getByRole("button", { name: TEST_WALLET_NAME });
  await expect(async () => {
    if (!(await walletButton.isVisible())) await second.getByRole("button", { name: "Connect wallet" }).click({ timeout: 5_000 });
    await expect(walletButton).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await walletButton.click();
  await expect(second.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(second.getByRole("button", { name: "Sign in" })).toHaveCount(0);
  await bothWidths(second, "second-tab-signed-in", "round-three");

  await second.getByRole("button", { name: "Sign out" }).click();
  await expect(first.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(first.getByRole("button", { name: "Sign in" }).or(first.getByRole("button", { name: "Connect wallet" }))).toBeVisible();
  expect(await first.evaluate(() => window.localStorage.getItem("capsule.session.v1"))).toBeNull();
  expect([...firstErrors, ...secondErrors]).toEqual([]);
  await context.close();
});

test("a member gives up a role granted to it from the outlet page, releasing its bond lock; a wallet without a newsroom role is told so instead of the correction form", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const owner = await freshWallet();
  const member = await freshWallet();
  const slug = `give-up-${stamp}`;
  await desk.deposit(owner.key, "250");
  await activeOutlet(owner.key, slug, "The Give-Up Gazette");
  await desk.deposit(member.key, "100");
  await grantAccepted(desk.api, owner.key, slug, member.key, 1);
  const lockedOf = async () => publicClient.readContract({ address: await contract("roleRegistry"), abi: roleRegistryAbi, functionName: "lockedOf", args: [member.address] });
  expect(await lockedOf()).toBe(parseEther("100"));

  await signedInAt(page, member.key, `/outlets/${slug}`);
  // a new outlet's page does not talk of filters
  await expect(page.getByTestId("article-list-empty")).toHaveText("Nothing is published here yet. Articles appear once their vote accepts them.");
  const mine = page.getByTestId("outlet-members").locator("li", { hasText: member.address }).first();
  await expect(mine.getByTestId("member-role")).toHaveText(["Journalist"]);
  // a member manages nothing: no Revoke on the owner's roles, Give up on its own
  const ownerRow = page.getByTestId("outlet-members").locator("li", { hasText: owner.address }).first();
  await expect(ownerRow.getByRole("button")).toHaveCount(0);
  await bothWidths(page, "outlet-give-up", "round-three");
  // nothing happens on one click: the panel says what giving up does, and "Keep the role" keeps it
  await mine.getByRole("button", { name: "Give up your Journalist role" }).click();
  await expect(page.getByTestId("revoke-confirm")).toContainText("Give up your Journalist role at this outlet? Your bond lock for it is released.");
  await page.getByTestId("revoke-confirm").getByRole("button", { name: "Keep the role" }).click();
  await expect(page.getByTestId("revoke-confirm")).toHaveCount(0);
  await expect(mine.getByTestId("member-role")).toHaveText(["Journalist"]);
  await mine.getByRole("button", { name: "Give up your Journalist role" }).click();
  await page.getByTestId("revoke-confirm").getByRole("button", { name: "Give up Journalist" }).click();
  await expect(page.getByTestId("outlet-members").locator("li", { hasText: member.address })).toHaveCount(0);
  await expect.poll(lockedOf, { timeout: 30_000 }).toBe(0n);

  // a published article of another outlet (one spec runs at a time, so a dev key may own it): the member,
  // with no role there, is told before filling in a correction
  const articleSlug = `no-role-${stamp}`;
  await desk.outlet(ARTICLE_OWNER, articleSlug, "The No-Role Courier");
  const articleId = await desk.finalized(ARTICLE_OWNER, articleSlug, `Quay lights fixed ${stamp}`, "Quay lights fixed.\n\nThe harbour office confirmed the repair.");
  await page.goto(`/capsules/${articleId}/history`);
  await expect(page.getByTestId("correction-no-role")).toContainText("Only a Journalist, Reporter or Editor of this outlet can publish a correction.");
  await expect(page.getByRole("form", { name: "Publish a correction" })).toHaveCount(0);
  await bothWidths(page, "history-no-role", "round-three");
  // the reading page, which cannot know who is signed in, offers this browser's session its desk, not a sign-in
  await page.goto(`/read/${articleId}`);
  await expect(page.getByTestId("reader-sign-in")).toHaveText("Your desk");
  await bothWidths(page, "read-your-desk", "round-three");
  expect(errors).toEqual([]);
});
