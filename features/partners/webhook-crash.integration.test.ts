import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, defineChain, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { partnersWebhookDeliveries } from "@/features/partners/webhook-deliveries.endpoint";
import { messageIdOf } from "@/features/partners/partner-events";
import { devKeys, TEST_OPERATOR_KEY } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { voteStream, VOTERS, WINDOW, type VoteStream } from "@/test/indexer/support/vote-stream";
import { chainSavedThrough } from "@/test/operator/crash-support";
import { deploymentOf, killTree } from "@/test/operator/support";
import { newSecret, startReceiver, waitFor } from "./partners.test-support";

// Issue 29 item 3 on the real stack: the operator registers a partner webhook through the bridge, the
// indexer records every finalization, the leader's dispatcher delivers them signed to a receiver on
// loopback; the whole process tree gets kill -9 while a delivery is in flight, and after a restart on
// the same data every finalized article reaches the partner (the interrupted one again, same webhook-id).

const dialects = await dialectsUnderTest();
const SLUG = "wire-desk";
const CLOSER = VOTERS.at(-1)!;
const env = {
  CAPSULE_WEBHOOK_POLL_MS: "100",
  CAPSULE_WEBHOOK_CONCURRENCY: "1",
  CAPSULE_WEBHOOK_RETRY_BASE_MS: "200",
  CAPSULE_WEBHOOK_RETRY_MAX_MS: "1000",
  CAPSULE_WEBHOOK_MAX_ATTEMPTS: "100",
  CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000",
};

describe.each(dialects)("partner webhooks survive kill -9 on %s", (dialect) => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let deployment: DeploymentRecord;
  let operatorKey: Hex;

  // a restart listens on fresh ports (anvil too): the chain helpers follow it
  const start = async () => {
    stack = await startStack({ database: dialect, dataDir, databaseUrl: pgDb?.url, env });
    if (deployment) stream = voteStream(stack.nodeRpcUrl, deployment);
  };

  /** The journalist publishes `count` drafts, the biggest voter says yes, the window closes, a voter finalizes each. */
  async function finalizeNew(count: number, tag: string): Promise<number[]> {
    const ids = await stream.addDrafts(handle.db, SLUG, count, tag);
    await stream.publish(SLUG, ids);
    for (const id of ids) await stream.vote(CLOSER, id, true);
    await stream.rpc("evm_increaseTime", [Number(WINDOW) + 60]);
    await stream.rpc("evm_mine", []);
    const chain = defineChain({ id: deployment.chainId, name: "test", nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 }, rpcUrls: { default: { http: [stack.nodeRpcUrl] } } });
    const closer = createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(devKeys[CLOSER] as Hex) });
    for (const id of ids) {
      const hash = await closer.writeContract({ address: deployment.contracts.articleRegistry.address as Hex, abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [BigInt(id)] });
      const receipt = await stream.publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
    }
    return ids;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-webhook-crash-"));
    pgDb = dialect === "postgres" ? await createTestDatabase("capsule_webhook_crash") : undefined;
    await start();
    deployment = deploymentOf(dataDir);
    stream = voteStream(stack.nodeRpcUrl, deployment);
    operatorKey = [TEST_OPERATOR_KEY, devKeys[0]!].find((key) => privateKeyToAccount(key).address.toLowerCase() === deployment.deployer.toLowerCase())!;
    handle = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
    await stream.seedDrafts(handle.db, SLUG, 0);
    await stream.enableVoters(SLUG);
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await stack?.stop();
    await pgDb?.drop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("registers only for the operator, refuses bad input, and shows deliveries only to the partner and the operator", async () => {
    const api = bridgeClient(stack.baseUrl);
    const partner = privateKeyToAccount(devKeys[3] as Hex).address;
    const body = { partnerWallet: partner, url: "https://partner.example.org/hooks", secret: newSecret() };
    const notOperator = await api.send(partnersRegisterWebhook, { body }, devKeys[3] as Hex);
    expect(notOperator.status).toBe(403);
    expect(notOperator.body).toMatchObject({ ok: false, error: "FORBIDDEN", message: "Only the bridge operator may register partner webhooks" });
    const badSecret = await api.send(partnersRegisterWebhook, { body: { ...body, secret: "whsec_c2hvcnQ=" } }, operatorKey);
    expect(badSecret.status).toBe(400);
    expect(badSecret.body.issues).toEqual([{ path: "secret", message: "the secret must encode 24 to 64 random bytes" }]);
    const plainHttp = await api.send(partnersRegisterWebhook, { body: { ...body, url: "http://partner.example.org/hooks" } }, operatorKey);
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.issues).toEqual([{ path: "url", message: "must be an https URL (plain http only to this machine)" }]);
    for (const inside of ["https://10.1.2.3/hooks", "https://[fd00::1]/hooks", "https://169.254.169.254/latest"]) {
      const refused = await api.send(partnersRegisterWebhook, { body: { ...body, url: inside } }, operatorKey);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]).toMatchObject({ path: "url", message: expect.stringContaining("is a private or reserved address") });
    }

    const made = await api.send(partnersRegisterWebhook, { body: { ...body, eventTypes: ["article.label_changed"], description: "label feed" } }, operatorKey);
    expect(made.status).toBe(201);
    expect(made.text).not.toContain(body.secret);
    expect(made.body.webhook).toMatchObject({ partnerWallet: partner, url: body.url, eventTypes: ["article.label_changed"], description: "label feed", createdBy: deployment.deployer });
    expect(made.body.webhook.secretFingerprint).toMatch(/^[0-9a-f]{16}$/);
    const id = made.body.webhook.webhookId as string;

    const anonymous = await api.send(partnersWebhookDeliveries, { params: { id } });
    expect(anonymous.status).toBe(401);
    // a stranger cannot tell an existing webhook from a missing one (ids are sequential)
    const stranger = await api.send(partnersWebhookDeliveries, { params: { id } }, devKeys[4] as Hex);
    const strangerMissing = await api.send(partnersWebhookDeliveries, { params: { id: "999999" } }, devKeys[4] as Hex);
    expect([stranger.status, strangerMissing.status]).toEqual([404, 404]);
    expect(stranger.body).toMatchObject({ error: "WEBHOOK_NOT_FOUND", message: strangerMissing.body.message.replace("999999", id) });
    const missing = await api.send(partnersWebhookDeliveries, { params: { id: "999999" } }, operatorKey);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("WEBHOOK_NOT_FOUND");
    const own = await api.send(partnersWebhookDeliveries, { params: { id } }, devKeys[3] as Hex);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ ok: true, items: [], total: 0, webhook: { webhookId: id } });
  });

  it("delivers every finalized article at least once across a kill -9 mid-delivery", async () => {
    const api = () => bridgeClient(stack.baseUrl); // a restart moves the server to a fresh port
    const secret = newSecret();
    let open = false;
    let inFlight = 0;
    const receiver = await startReceiver(secret, {
      // closed until the chain is saved; then every answer takes 1.2 s, so a kill finds one in flight
      answer: () => (open ? 200 : 503),
      holdMs: () => (open ? 1_200 : 0),
    });
    try {
      const partnerKey = devKeys[5] as Hex;
      const made = await api().call(partnersRegisterWebhook, { body: { partnerWallet: privateKeyToAccount(partnerKey).address, url: receiver.url, secret } }, operatorKey);
      const webhookId = made.webhook.webhookId;

      const before = await finalizeNew(5, "before");
      await chainSavedThrough(dataDir, await stream.head());
      const wanted = before.map((id) => messageIdOf(`article.finalized:${id}`));
      await waitFor(() => (wanted.every((id) => receiver.received.some((r) => r.id === id)) ? true : undefined), "every event attempted once (refused)");

      open = true;
      const openedAt = receiver.received.length;
      // the kill: once two were accepted and a third request is being answered
      const victim = await waitFor(() => {
        const since = receiver.received.slice(openedAt);
        inFlight = since.filter((r) => Date.now() - r.at < 900).length;
        return since.length >= 3 && inFlight === 1 ? since.at(-1)!.id : undefined;
      }, "a delivery in flight", 60_000);
      killTree(stack.pid!);
      await stack.exited;
      const beforeRestart = receiver.received.filter((r) => r.id === victim).length;

      await start();
      const after = await finalizeNew(1, "after");
      wanted.push(messageIdOf(`article.finalized:${after[0]}`));
      await waitFor(async () => {
        const page = await api().call(partnersWebhookDeliveries, { params: { id: webhookId }, query: { status: "delivered", limit: 100 } }, partnerKey);
        return page.total === wanted.length ? page : undefined;
      }, "all deliveries delivered after the restart", 120_000);

      expect(receiver.received.every((r) => r.verified)).toBe(true);
      const delivered = new Set(receiver.received.slice(openedAt).map((r) => r.id));
      for (const id of wanted) expect(delivered.has(id), `${id} delivered`).toBe(true);
      // the delivery cut by the kill was sent again under the same webhook-id
      expect(receiver.received.filter((r) => r.id === victim).length).toBeGreaterThan(beforeRestart);
      for (const r of receiver.received) {
        const capsuleId = Number(r.body.data.capsuleId);
        expect(r.id).toBe(messageIdOf(`article.finalized:${capsuleId}`));
        expect(r.body).toMatchObject({ type: "article.finalized", data: { outletSlug: SLUG, readerPath: `/read/${capsuleId}` } });
      }
      const page = await api().call(partnersWebhookDeliveries, { params: { id: webhookId }, query: { limit: 100 } }, operatorKey);
      expect(page.items.map((d) => d.status)).toEqual(Array(wanted.length).fill("delivered"));
      expect(page.items.every((d) => d.lastStatus === 200 && d.deliveredAt !== null)).toBe(true);
      // the five from before the kill were refused once while the receiver was closed
      expect(page.items.filter((d) => d.attempts >= 2).map((d) => d.messageId).sort()).toEqual(wanted.slice(0, 5).sort());
    } finally {
      await receiver.close();
    }
  });
});
