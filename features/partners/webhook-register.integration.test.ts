import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { partnersWebhookDeliveries } from "@/features/partners/webhook-deliveries.endpoint";
import { partnersListWebhooks } from "@/features/partners/list-webhooks.endpoint";
import { partnersDisableWebhook } from "@/features/partners/disable-webhook.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { newSecret } from "./partners.test-support";

// Security review, item 2, on the real stack with the bundled anvil and its default operator key
// (anvil's public development key #0), bound to loopback as every test server is: the operator's
// signed actions still work there (lib/auth/server/public-operator-key.test.ts covers the refusal
// beyond loopback, which a test may not bind to), and partner webhooks are bounded — a URL already
// registered answers 409, and so does one past CAPSULE_WEBHOOK_MAX, also when several registrations
// race for the last free place.

const dialects = await dialectsUnderTest();
const MAX = 4;
const operatorKey = devKeys[0];
const partner = privateKeyToAccount(devKeys[3]).address;

describe.each(dialects)("partner webhook registration on loopback with the development operator key on %s", (dialect) => {
  let stack: Stack;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const created = dialect === "postgres" ? await createTestDatabase() : undefined;
    dropDatabase = created?.drop;
    stack = await startStack({ database: dialect, databaseUrl: created?.url, env: { CAPSULE_WEBHOOK_MAX: String(MAX), CAPSULE_RATE_WRITE_PER_MIN: "600", CAPSULE_RATE_WRITE_PER_IP_PER_MIN: "600" } });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await dropDatabase?.();
  });

  // the unique index on enabled webhooks' URLs: registrations of one URL sent together make one webhook
  it("registers one webhook of several registrations of one URL sent at once; the others get the 409", async () => {
    const api = bridgeClient(stack.baseUrl);
    const urls = ["https://partner.example.org/hooks/race", "HTTPS://PARTNER.example.org/hooks/race", "https://partner.example.org:443/hooks/race", "https://partner.example.org/hooks/race"];
    const sent = await Promise.all(urls.map((url) => api.send(partnersRegisterWebhook, { body: { partnerWallet: partner, url, secret: newSecret() } }, operatorKey)));
    const made = sent.filter((res) => res.status === 201);
    expect(made, JSON.stringify(sent.map((res) => [res.status, res.body]))).toHaveLength(1);
    const id = made[0]!.body.webhook.webhookId as string;
    for (const res of sent.filter((r) => r.status !== 201)) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ ok: false, error: "CONFLICT", message: `Webhook ${id} already delivers to this URL` });
    }
  });

  it("accepts the operator's signature on loopback, refuses a URL twice, and stops at the cap", async () => {
    const api = bridgeClient(stack.baseUrl);
    const register = (url: string) => api.send(partnersRegisterWebhook, { body: { partnerWallet: partner, url, secret: newSecret() } }, operatorKey);

    const first = await register("https://partner.example.org/hooks/a");
    expect(first.status).toBe(201);
    const id = first.body.webhook.webhookId as string;
    const reads = await api.send(partnersWebhookDeliveries, { params: { id } }, operatorKey);
    expect(reads.status).toBe(200);

    for (const same of ["https://partner.example.org/hooks/a", "HTTPS://Partner.Example.org:443/hooks/a"]) {
      const again = await register(same);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ ok: false, error: "CONFLICT", message: `Webhook ${id} already delivers to this URL` });
    }

    // the race test's webhook and hooks/a are two of the MAX
    for (let n = 3; n <= MAX; n++) expect((await register(`https://partner.example.org/hooks/${n}`)).status).toBe(201);
    const over = await register("https://partner.example.org/hooks/over");
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ ok: false, error: "CONFLICT", message: `At most ${MAX} partner webhooks may be registered` });
  });

  it("lists webhooks and disables one for the operator only; a disabled one is refused again", async () => {
    const api = bridgeClient(stack.baseUrl);
    expect((await api.send(partnersListWebhooks, { query: {} }, devKeys[5])).body).toMatchObject({ ok: false, error: "FORBIDDEN", statusCode: 403 });
    const listed = await api.send(partnersListWebhooks, { query: { limit: 100 } }, operatorKey);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject({ enabledCount: MAX, enabledMax: MAX });
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");
    const id = listed.body.items[0].webhookId as string;
    expect((await api.send(partnersDisableWebhook, { params: { id }, body: {} }, devKeys[5])).body).toMatchObject({ ok: false, error: "FORBIDDEN", statusCode: 403 });
    const disabled = await api.send(partnersDisableWebhook, { params: { id }, body: {} }, operatorKey);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.webhook.disabledAt).not.toBeNull();
    expect((await api.send(partnersDisableWebhook, { params: { id }, body: {} }, operatorKey)).body).toMatchObject({ ok: false, error: "INVALID_STATE", message: `Webhook ${id} is already disabled`, statusCode: 409 });
    expect((await api.send(partnersDisableWebhook, { params: { id: "999999" }, body: {} }, operatorKey)).body).toMatchObject({ ok: false, error: "WEBHOOK_NOT_FOUND", statusCode: 404 });
  });

  // the cap's count and the insert in one transaction, one at a time (advisory lock on PostgreSQL, SQLite's one writer)
  it("registers exactly one of several registrations sent at once for the last free place; the others get the cap's 409", async () => {
    const api = bridgeClient(stack.baseUrl);
    const enabledNow = async () => {
      const listed = await api.send(partnersListWebhooks, { query: { limit: 100 } }, operatorKey);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const items = listed.body.items as Array<{ webhookId: string; disabledAt: string | null }>;
      expect(items.filter((hook) => hook.disabledAt === null)).toHaveLength(listed.body.enabledCount as number);
      return items.filter((hook) => hook.disabledAt === null);
    };
    // leave exactly MAX - 1 enabled, whatever the tests before left
    for (const hook of (await enabledNow()).slice(MAX - 1)) expect((await api.send(partnersDisableWebhook, { params: { id: hook.webhookId }, body: {} }, operatorKey)).status).toBe(200);
    for (let n = (await enabledNow()).length; n < MAX - 1; n++) expect((await api.send(partnersRegisterWebhook, { body: { partnerWallet: partner, url: `https://partner.example.org/hooks/fill-${n}`, secret: newSecret() } }, operatorKey)).status).toBe(201);
    expect(await enabledNow()).toHaveLength(MAX - 1);

    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, n) => api.send(partnersRegisterWebhook, { body: { partnerWallet: partner, url: `https://partner.example.org/hooks/last-place-${n}`, secret: newSecret() } }, operatorKey)),
    );
    const statuses = JSON.stringify(sent.map((res) => [res.status, res.body]));
    expect(sent.filter((res) => res.status >= 200 && res.status < 300), statuses).toHaveLength(1);
    for (const res of sent.filter((r) => r.status !== 201)) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toEqual({ ok: false, error: "CONFLICT", message: `At most ${MAX} partner webhooks may be registered`, statusCode: 409 });
    }
    expect(await enabledNow()).toHaveLength(MAX);
  });
});
