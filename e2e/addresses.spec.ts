import { expect, test } from "@playwright/test";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { devKeys } from "@/test/support/anvil";
import { shot, watchConsole } from "./support/page-helpers";

// Addresses are shown to people in EIP-55 checksum case whatever case a page's data had, and gas used
// is grouped by thousands like CAP amounts.

const nodeRpcUrl = process.env.CAPSULE_E2E_NODE_RPC_URL ?? "";
const chain = capsuleChain(nodeRpcUrl);
const sender = privateKeyToAccount(devKeys[9] as Hex);
const recipient = privateKeyToAccount(devKeys[8] as Hex).address;

test("a transaction's page writes its addresses in checksum case and its gas used grouped by thousands", async ({ page }) => {
  const errors = watchConsole(page);
  const wallet = createWalletClient({ chain, transport: http(nodeRpcUrl), account: sender });
  const hash = await wallet.sendTransaction({ to: recipient, value: parseEther("1") });
  const receipt = await createPublicClient({ chain, transport: http(nodeRpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 100 });
  expect(receipt.gasUsed).toBe(21_000n);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/network/tx/${hash}`);
  const tx = page.getByTestId("explorer-tx");
  await expect(tx).toContainText("Gas used21,000");
  const from = tx.getByTestId("address-link").first();
  const checksummed = getAddress(sender.address);
  await expect(from).toHaveText(`${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`);
  await expect(from).toHaveAttribute("title", checksummed);
  await shot(page, "addresses-tx");

  // an address typed in lower case: the page names it in checksum case, its balance grouped
  await page.goto(`/network/address/${recipient.toLowerCase()}`);
  await expect(page.getByTestId("explorer-full-value")).toHaveText(getAddress(recipient));
  await expect(page.getByTestId("explorer-address")).toContainText(/Balance\d{1,3}(,\d{3})+(\.\d+)? CAP/);
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, "addresses-address-360");
  expect(errors).toEqual([]);
});
