import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { startStack, type Stack } from "@/test/support/stack";

// Issue 15 item 2: a freshly generated, unfunded wallet may not register outlets; once it holds
// CAPSULE_OUTLET_MIN_FUNDS it may. The refusal speaks CAP, never wei.

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ database: "sqlite", env: { CAPSULE_OUTLET_MIN_FUNDS: "2" } });
});

afterAll(async () => {
  await stack?.stop();
});

describe("registering an outlet needs a funded wallet", () => {
  it("refuses an unfunded wallet with 403 and the amounts in CAP, and accepts it once funded", async () => {
    const api = bridgeClient(stack.baseUrl);
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address;
    const body = { slug: "throwaway-desk", name: "Throwaway desk", domain: "throwaway.example.org" };

    const refused = await api.send(outletCreate, { body }, key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, error: "FORBIDDEN", statusCode: 403 });
    const message = String((refused.body as { message?: unknown }).message);
    expect(message).toContain("at least 2 CAP");
    expect(message).toContain(wallet);
    expect(message).not.toMatch(/wei/i);
    expect((await api.send(outletRead, { params: { slug: body.slug } })).status).toBe(404);

    const chain = defineChain({ id: 77117002, name: "bundled anvil", nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 }, rpcUrls: { default: { http: [stack.nodeRpcUrl] } } });
    const funder = createWalletClient({ account: privateKeyToAccount(devKeys[7]!), chain, transport: http(stack.nodeRpcUrl) });
    const hash = await funder.sendTransaction({ to: wallet, value: parseEther("2") });
    await createPublicClient({ chain, transport: http(stack.nodeRpcUrl) }).waitForTransactionReceipt({ hash });

    const created = await api.send(outletCreate, { body }, key);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ok: true, outlet: { outletSlug: body.slug } });
  });
});
