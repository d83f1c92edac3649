import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { authCheck } from "@/lib/auth/check.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { startStack, type Stack } from "@/test/support/stack";

// `npm start` twice on one data dir: the second start keeps blocks, balances, contracts and used nonces.
describe("restarting the stack on the same data dir", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-restart-"));
  let second: Stack | undefined;
  afterAll(async () => {
    await second?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops cleanly on SIGTERM and comes back with the same chain, deployment and consumed nonces", async () => {
    const first = await startStack({ database: "sqlite", dataDir });
    const api1 = bridgeClient(first.baseUrl);
    const summary1 = await api1.call(contractsSummary, {});

    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const chain = capsuleChain(first.nodeRpcUrl);
    const wallet = createWalletClient({ chain, transport: http(first.nodeRpcUrl), account: privateKeyToAccount(devKeys[9]) });
    const reader = createPublicClient({ chain, transport: http(first.nodeRpcUrl) });
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther("1.25") });
    const receipt = await reader.waitForTransactionReceipt({ hash });

    // the same token is replayed against the restarted server below
    const body = "{}";
    const token = await signedToken(devKeys[2], authCheck.action, pathOf(authCheck), body);
    expect((await api1.rawAt(authCheck, undefined, "POST", { body, token })).status).toBe(200);

    await first.stop();
    expect(first.exitCode()).toBe(0);
    expect(first.output()).toContain("[capsule] stopped");
    await expect(fetch(first.nodeRpcUrl, { method: "POST" })).rejects.toThrow();

    const started = Date.now();
    second = await startStack({ database: "sqlite", dataDir });
    console.log(`second start on a built tree was ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(second.output()).toContain("reusing the deployment");
    const api2 = bridgeClient(second.baseUrl);
    const summary2 = await api2.call(contractsSummary, {});
    expect(summary2.contracts).toEqual(summary1.contracts);

    const reader2 = createPublicClient({ chain: capsuleChain(second.nodeRpcUrl), transport: http(second.nodeRpcUrl) });
    expect(await reader2.getBalance({ address: recipient })).toBe(parseEther("1.25"));
    expect(await reader2.getBlockNumber()).toBeGreaterThanOrEqual(receipt.blockNumber);
    const replay = await api2.rawAt(authCheck, undefined, "POST", { body, token });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: "UNAUTHORIZED", message: expect.stringMatching(/already been used/) });
  });
});
