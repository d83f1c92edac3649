import { expect, test } from "@playwright/test";
import { authCheck } from "@/lib/auth/check.endpoint";

test("the network page shows the network, chain id, block height and contract addresses", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Network", exact: true }).click();
  await expect(page).toHaveURL(/\/network$/);
  await expect(page.getByRole("heading", { name: "Capsule network" })).toBeVisible();
  await expect(page.getByTestId("chain-id")).toHaveText("77117002 (0x498b64a)");
  await expect(page.getByTestId("block-height")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("network-name")).toHaveText("capsule-local");
  const rows = page.getByTestId("contract-rows").locator("tr");
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: "Article registry" })).toContainText(/0x[0-9a-fA-F]{40}/);
  await expect(rows.filter({ hasText: "Jury court" })).toContainText(/0x[0-9a-fA-F]{40}/);
  await expect(rows.filter({ hasText: "Burn pool" })).toContainText(/0x[0-9a-fA-F]{40}/);
  await page.screenshot({ path: "test-results/screenshots/home.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/home-phone.png", fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test("the operator page lists configuration without secret values", async ({ page }) => {
  await page.goto("/operator");
  await expect(page.getByRole("heading", { name: "Operator" })).toBeVisible();
  await expect(page.getByText("CAPSULE_OPERATOR_KEY", { exact: true })).toBeVisible();
  await expect(page.getByText(authCheck.action)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  await page.screenshot({ path: "test-results/screenshots/operator.png", fullPage: true });
});

test("the operator finds a setting by words of its name or meaning, and the ones set in the environment", async ({ page }) => {
  await page.goto("/operator");
  const shown = page.getByTestId("settings-shown");
  await expect(shown).toHaveText(/^Showing all \d+ settings\.$/);
  const total = Number((await shown.textContent())?.match(/\d+/)?.[0]);
  await page.getByLabel("Find a setting").fill("dns timeout");
  await expect(shown).toHaveText(`Showing 1 of ${total} settings.`);
  await expect(page.getByText("CAPSULE_DNS_TIMEOUT_MS", { exact: true })).toBeVisible();
  await expect(page.getByText("CAPSULE_OPERATOR_KEY", { exact: true })).toHaveCount(0);
  await page.getByLabel("Find a setting").fill("");
  await page.getByLabel("Only those set in this server’s environment").check();
  await expect(page.getByText("CAPSULE_DNS_SERVERS", { exact: true })).toBeVisible();
  await expect(page.getByText("CAPSULE_DNS_TIMEOUT_MS", { exact: true })).toHaveCount(0);
  await expect(shown).not.toHaveText(/all/);
  await page.getByLabel("Find a setting").fill("no such setting anywhere");
  await expect(page.getByText("No setting matches.")).toBeVisible();
  await page.getByLabel("Only those set in this server’s environment").uncheck();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel("Find a setting").fill("timeout");
    await page.screenshot({ path: `test-results/screenshots/operator-find-${width}.png`, fullPage: true });
  }
});
