import { expect, test, type Page } from "@playwright/test";
import { parseEther, type Address } from "viem";
import { pathOf } from "@/lib/api/request";
import { burnStatus } from "@/features/burn/status.endpoint";
import type { TBurnStatusResponse } from "@/features/burn/burn.schema";
import { installTestWallet } from "./support/test-wallet";
import { shot, signIn, watchConsole } from "./support/page-helpers";
import { nodeRpc as nodeRpcAt } from "./support/node-rpc";

// A smoke pass over the read-only pages: each loads its data (no skeleton left, no error notice),
// shows it, and logs no console error — on a desktop and a phone viewport.

async function loaded(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/could not be loaded|is unavailable/)).toHaveCount(0);
}

const pages: Array<{ path: string; heading: string; check: (page: Page) => Promise<void> }> = [
  {
    path: "/distribution",
    heading: "Distribution tiers",
    check: async (page) => {
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);
      await expect(page.getByTestId("distribution-outlet").first().or(page.getByTestId("distribution-empty"))).toBeVisible();
    },
  },
  {
    path: "/rights",
    heading: "Rights and licences",
    check: async (page) => {
      await expect(page.getByTestId("listing-rows").or(page.getByTestId("listings-empty"))).toBeVisible();
      await expect(page.getByRole("form", { name: "List rights" })).toBeVisible();
    },
  },
  {
    path: "/burn",
    heading: "Burn pool",
    check: async (page) => {
      await expect(page.getByTestId("burn-pool-size")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      await expect(page.getByTestId("burn-next-date")).not.toHaveText("");
      await expect(page.getByTestId("burn-last-amount")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      await expect(page.getByTestId("burn-total")).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)? CAP$/);
      const split = page.getByTestId("fee-split").getByRole("row");
      await expect(split).toHaveCount(6);
      await expect(split.filter({ hasText: "Burn pool" })).toContainText("20%");
      await expect(split.filter({ hasText: "Burn pool" })).toContainText("6 CAP");
    },
  },
  {
    path: "/operator",
    heading: "Operator",
    check: async (page) => {
      await expect(page.getByTestId("meta-chain-id")).toHaveText("77117002 (0x498b64a)");
      await expect(page.getByTestId("meta-contracts").getByRole("listitem")).toHaveCount(12);
      await expect(page.getByText("CAPSULE_OPERATOR_KEY", { exact: true })).toBeVisible();
      await expect(page.getByText("VoteCast", { exact: true })).toBeVisible();
    },
  },
  {
    path: "/bounties",
    heading: "Bounties",
    check: async (page) => {
      await expect(page.getByTestId("bounty-proposal")).toHaveCount(5);
    },
  },
  {
    path: "/court",
    heading: "Integrity court",
    check: async (page) => {
      await expect(page.getByTestId("case-rows").or(page.getByTestId("cases-empty"))).toBeVisible();
    },
  },
];

for (const entry of pages) {
  test(`${entry.path} loads its data without console errors`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(entry.path);
    await expect(page.getByRole("heading", { name: entry.heading, level: 1, exact: true })).toBeVisible();
    await loaded(page);
    await entry.check(page);
    const name = `page${entry.path.replace(/\//g, "-")}`;
    await shot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await loaded(page);
    await shot(page, `${name}-phone`);
    expect(errors).toEqual([]);
  });
}

test("the site navigation reaches the court, distribution, rights and burn pages", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [link, heading] of [
    ["Court", "Integrity court"],
    ["Distribution", "Distribution tiers"],
    ["Rights", "Rights and licences"],
    ["Burn pool", "Burn pool"],
  ] as const) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { name: heading, level: 1, exact: true })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("signed out, every page that needs a wallet says where to connect it", async ({ page }) => {
  const errors = watchConsole(page);
  // a first visitor is told to use the "Connect wallet" button of the page header (on a phone it sits under the brand, apart from the text)
  for (const [path, heading] of [
    ["/newsroom", "Newsroom"],
    ["/inbox", "Inbox"],
    ["/bonds", "Bonds"],
    ["/capsules/new", "New capsule"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1, exact: true })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Connect your wallet from the page header");
  }
  expect(errors).toEqual([]);
});

const nodeRpc = (method: string, params: unknown[]) => nodeRpcAt(process.env.CAPSULE_E2E_NODE_RPC_URL ?? "", method, params);

test("the burn pool page says when a burn is due, and a wallet triggers it", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const readStatus = async () => (await (await page.request.get(pathOf(burnStatus))).json()) as TBurnStatusResponse;
  let status = await readStatus();
  const wallet = await installTestWallet(page, 9);
  await page.goto("/burn");
  await loaded(page);
  const panel = page.getByTestId("burn-due");
  if (!status.due) {
    // not due: the page says so and when it will be, and offers no button
    await expect(panel).toHaveAttribute("data-due", "false");
    await expect(page.getByTestId("burn-due-text")).toContainText(/^No burn is due yet\. The next burn is due on .+, in (\d+ (day|hour|minute)s?( \d+ (hour|minute)s?)?|less than a minute)\.$/);
    await expect(panel.getByRole("button")).toHaveCount(0);
    await shot(page, "burn-not-due");
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "burn-not-due-360");
    await page.setViewportSize({ width: 1280, height: 900 });
    // the chain's clock moves past the next burn date
    const latest = (await nodeRpc("eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
    await nodeRpc("evm_increaseTime", [Number(status.nextBurnDate) - Math.max(Number(BigInt(latest.timestamp)), Math.floor(Date.now() / 1000)) + 5]);
    await nodeRpc("evm_mine", []);
  }
  // something to burn: 12 CAP in the pool
  await nodeRpc("anvil_setBalance", [status.burnPool as Address, `0x${parseEther("12").toString(16)}`]);
  status = await readStatus();
  expect(status.due).toBe(true);
  await page.reload();
  await expect(panel).toHaveAttribute("data-due", "true");
  await expect(page.getByTestId("burn-due-text")).toContainText("A burn is due now.");
  await expect(page.getByTestId("burn-due-text")).toContainText("the pool’s 12 CAP go to the burn address and the next burn is scheduled 7 days later");
  await expect(page.getByTestId("burn-connect")).toContainText("Connect a wallet");
  await signIn(page);
  const button = panel.getByRole("button", { name: "Burn the pool now (12 CAP)" });
  await expect(button).toBeEnabled();
  await shot(page, "burn-due");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "burn-due-360");
  await page.setViewportSize({ width: 1280, height: 900 });

  // refused in the wallet: said in words, nothing burned, the button stays
  wallet.rejectNext("eth_sendTransaction");
  await button.click();
  await expect(page.getByTestId("burn-error")).toHaveText("You rejected the request in your wallet, so Capsule could not trigger the burn.");
  expect((await readStatus()).poolSize).toBe(parseEther("12").toString());
  await shot(page, "burn-rejected");

  await button.click();
  await expect(page.getByTestId("burn-done")).toContainText(/^Burned 12 CAP: the pool’s whole balance went to the burn address\. The next burn is due on .+\.$/, { timeout: 60_000 });
  await expect(page.getByTestId("burn-tx")).toHaveText(/^Transaction 0x[0-9a-f]{64}$/);
  await expect(page.getByTestId("burn-pool-size")).toHaveText("0 CAP");
  await expect(page.getByTestId("burn-last-amount")).toHaveText("12 CAP");
  const after = await readStatus();
  expect(after).toMatchObject({ due: false, poolSize: "0", lastBurnAmount: parseEther("12").toString() });
  await shot(page, "burn-done");

  // a reload shows the next date, not due
  await page.reload();
  await expect(panel).toHaveAttribute("data-due", "false");
  await expect(page.getByTestId("burn-due-text")).toContainText(/in (6 days 23 hours|7 days)\.$/);
  expect(errors).toEqual([]);
});
