import { parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

// The test stack's own node, asked directly: anvil's test methods (time, balances) that the bridge's
// public gateway does not offer.

/** One JSON-RPC call to the node at `url`; a node error is thrown with the method's name. */
export async function nodeRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** A new wallet holding 100 000 CAP for gas, fees and bonds. */
export async function fundedWallet(url: string): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await nodeRpc(url, "anvil_setBalance", [address, `0x${parseEther("100000").toString(16)}`]);
  return { key, address };
}
