import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, keccak256, parseEther, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { broadcastRaw } from "@/lib/chain/operator/queue-operator-tx";
import { devKeys, startTestAnvil } from "@/test/support/anvil";

// A request broadcasts its staged operator transaction right after its SQL transaction commits, and the
// leader's outbox worker may broadcast the same queued row at the same moment. On an automining node the
// first of the two is mined at once and the second is refused "nonce too low". That refusal made the
// request answer 503 "not accepted yet" for a transaction that was on chain (seen once in a full run).
// A second broadcast of bytes the node already holds, mined or pending, counts as accepted; a different
// transaction for a nonce already used is still refused.

const operatorKey = devKeys[9]!;
const operator = privateKeyToAccount(operatorKey);
const recipient = privateKeyToAccount(devKeys[8]!).address;

describe("broadcasting an operator transaction twice", () => {
  let anvil: AnvilHandle;
  let publicClient: ReturnType<typeof createPublicClient>;
  const signed = async (nonce: number, value: string) =>
    operator.signTransaction({
      chainId: CAPSULE_CHAIN_ID,
      type: "eip1559",
      to: recipient,
      value: parseEther(value),
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
    });

  const mined = (raw: Hex) => publicClient.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 50 });

  beforeAll(async () => {
    anvil = await startTestAnvil({ chainId: CAPSULE_CHAIN_ID });
    // read once, lazily, by the bridge's chain clients (lib/config/config.ts)
    process.env.CAPSULE_NODE_RPC_URL = anvil.rpcUrl;
    process.env.CAPSULE_OPERATOR_KEY = operatorKey;
    publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it("accepts a second broadcast of a transaction the node has mined already", async () => {
    const nonce = await publicClient.getTransactionCount({ address: operator.address });
    const raw: Hex = await signed(nonce, "1");
    await broadcastRaw(raw);
    // anvil may answer the broadcast a moment before its automined block lands
    await mined(raw);
    expect(await publicClient.getTransactionCount({ address: operator.address })).toBe(nonce + 1);
    await expect(broadcastRaw(raw)).resolves.toBeUndefined();
    expect(await publicClient.getTransactionCount({ address: operator.address })).toBe(nonce + 1);
  });

  it("still refuses a different transaction for a nonce already used", async () => {
    const nonce = await publicClient.getTransactionCount({ address: operator.address });
    const first = await signed(nonce, "1");
    await broadcastRaw(first);
    await mined(first);
    await expect(broadcastRaw(await signed(nonce, "2"))).rejects.toThrow(/nonce/i);
  });
});
