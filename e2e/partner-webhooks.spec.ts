import { expect, test } from "@playwright/test";
import { newSecret, startReceiver } from "@/features/partners/partners.test-support";
import { keyAddress } from "./support/capsule-desk";
import { readerDesk } from "./support/reader-fixture";
import { installTestWallet } from "./support/test-wallet";
import { bothWidths, signIn, watchConsole } from "./support/page-helpers";

// The operator's partner webhooks page (/operator/webhooks): the bridge operator (anvil's key #0 on
// the e2e stack) registers a webhook for a partner's server on loopback, sees the bridge's refusals
// under the fields they are about, sees the webhook listed and its delivery of a published article
// in words, and disables it. The secret never reaches the page after it is sent. Another wallet reads
// that only the operator manages partner webhooks.

const OPERATOR = 0;
const PARTNER = 3;
const OWNER = 8;
const STRANGER = 6;
const run = Date.now().toString(36);
const desk = readerDesk();

test("the operator registers a partner webhook, sees it listed with its deliveries, and disables it; refusals are shown by their field", async ({ page }) => {
  test.setTimeout(240_000);
  const secret = newSecret();
  const receiver = await startReceiver(secret);
  try {
    await desk.outlet(OWNER, `hooks-${run}`, "The Partner Wire");
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await installTestWallet(page, OPERATOR);
    await page.goto("/operator");
    await signIn(page);
    await page.getByRole("link", { name: "Partner webhooks" }).click();
    await expect(page).toHaveURL(/\/operator\/webhooks$/);
    await expect(page.getByRole("heading", { level: 1, name: "Partner webhooks" })).toBeVisible();
    await expect(page.getByTestId("webhooks-count")).toContainText("webhooks are enabled");

    const form = page.getByRole("form", { name: "Register a partner webhook" });
    const register = form.getByRole("button", { name: "Register webhook" });
    // the browser's own check: each field says what it needs
    await form.getByLabel("Partner’s wallet").fill("0x1234");
    await form.getByLabel("Address of the partner’s server").fill("not an address");
    await form.getByLabel("Signing secret").fill("hunter2");
    await form.getByLabel("Articles as they are published").uncheck();
    await form.getByLabel("Label changes from the court").uncheck();
    await register.click();
    await expect(form.getByLabel("Partner’s wallet")).toHaveAccessibleDescription(/Enter a wallet address: 0x followed by 40 hexadecimal characters/);
    await expect(form.getByLabel("Signing secret")).toHaveAccessibleDescription(/Paste the secret the partner chose/);
    await expect(form.getByText("Choose at least one kind of news to send.")).toBeVisible();

    // the bridge's 400: a private network address passes the browser's check and is refused under its field, in the form's words
    await form.getByLabel("Partner’s wallet").fill(keyAddress(PARTNER));
    await form.getByLabel("Address of the partner’s server").fill("https://10.1.2.3/hooks");
    await form.getByLabel("Signing secret").fill(secret);
    await form.getByLabel("Articles as they are published").check();
    await register.click();
    const urlField = form.getByLabel("Address of the partner’s server");
    await expect(urlField).toHaveAttribute("aria-invalid", "true");
    await expect(urlField).toHaveAccessibleDescription(/not a private network address/);
    expect(await page.locator("main").innerText()).not.toContain("CAPSULE_");

    // registered: the secret is gone from the form and never shown, the row lists what was registered
    await urlField.fill(receiver.url);
    await form.getByLabel("Note (optional)").fill(`Wire desk ${run}`);
    await register.click();
    const done = page.getByTestId("webhook-registered");
    await expect(done).toContainText("is registered and sends to");
    const webhookId = /Webhook #(\d+)/.exec(await done.innerText())?.[1];
    expect(webhookId).toBeDefined();
    await expect(form.getByLabel("Signing secret")).toHaveValue("");
    const row = page.locator(`[data-testid="webhook-row"][data-webhook-id="${webhookId}"]`);
    await expect(row.getByTestId("webhook-url")).toHaveText(receiver.url);
    await expect(row.getByTestId("webhook-state")).toHaveText("Enabled");
    await expect(row.getByTestId("webhook-events")).toHaveText("Articles as they are published");
    await expect(row).toContainText(`Wire desk ${run}`);
    await expect(row).toContainText(`${keyAddress(PARTNER).slice(0, 6)}`);

    // the same address again: the bridge's 409 names the webhook under the address field
    await form.getByLabel("Partner’s wallet").fill(keyAddress(PARTNER));
    await urlField.fill(receiver.url);
    await form.getByLabel("Signing secret").fill(newSecret());
    await register.click();
    await expect(urlField).toHaveAccessibleDescription(new RegExp(`Webhook #${webhookId} already sends to this address`));

    // an article published now is delivered to the partner, and the page says so in words
    await desk.finalized(OWNER, `hooks-${run}`, `Ferry timetable ${run}`, `Ferry timetable ${run}.\n\nThe winter timetable starts on Monday.`);
    await expect.poll(() => receiver.received.filter((r) => r.verified).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await row.getByRole("button", { name: "Show recent deliveries" }).click();
    const delivery = row.getByTestId("delivery-row").first();
    await expect(async () => {
      await row.getByRole("button", { name: /Read again/ }).click({ timeout: 2_000 }).catch(() => undefined);
      await expect(delivery).toHaveAttribute("data-status", "delivered", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText("Delivered");
    await expect(delivery).toContainText("The partner accepted it on");

    const text = await page.locator("main").innerText();
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/whsec_[A-Za-z0-9+/]{8,}/);
    await bothWidths(page, "registered", "partner-webhooks");

    // disabling asks once, shows the pending state, then the row says Disabled
    await row.getByRole("button", { name: "Disable…" }).click();
    await expect(row.getByTestId("webhook-disable-confirm")).toContainText(`Disable webhook #${webhookId}?`);
    await row.getByRole("button", { name: `Disable webhook #${webhookId}` }).click();
    await expect(row.getByTestId("webhook-state")).toHaveText("Disabled");
    await expect(row.getByRole("button", { name: "Disable…" })).toHaveCount(0);
    // the address is free again: the form no longer says it is taken
    await expect(urlField).not.toHaveAttribute("aria-invalid", "true");
    await bothWidths(page, "disabled", "partner-webhooks");
    // the browser logs the two refusals this test asked for (the bridge's 400 and 409), nothing else
    expect(errors.filter((line) => !/status of (400|409) .*\/partners\/webhooks$/.test(line))).toEqual([]);
    expect(errors).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});

test("another wallet reads that only the bridge operator manages partner webhooks", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/operator/webhooks");
  await expect(page.getByTestId("webhooks-operator-only")).toContainText("Only the bridge operator manages partner webhooks.");
  await installTestWallet(page, STRANGER);
  await page.reload();
  await signIn(page);
  await expect(page.getByTestId("webhooks-operator-only")).toHaveText("Only the bridge operator manages partner webhooks.");
  await expect(page.getByRole("form", { name: "Register a partner webhook" })).toHaveCount(0);
  await bothWidths(page, "not-operator", "partner-webhooks");
});
