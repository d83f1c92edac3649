import { startAnvil, type AnvilHandle } from "@/lib/chain/anvil-process";
import { keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { wellKnownDevKeys } from "@/lib/config/dev-keys";
import { freePort, retryWhenPortTaken } from "./free-port";

/** A throwaway anvil on a free loopback port with chain id 77117002 (or the one given). */
export async function startTestAnvil(options: { chainId?: number; stateFile?: string; stateSaveIntervalMs?: number } = {}): Promise<AnvilHandle> {
  return retryWhenPortTaken(async () => startAnvil({ port: await freePort(), ...options }));
}

// anvil's well-known dev accounts (mnemonic "test test … junk"); their one home is lib/config/dev-keys.ts.
export const devKeys = wellKnownDevKeys;

/**
 * The operator key of stacks that run on an external test anvil. `npm start` refuses anvil's public
 * keys off the bundled anvil (issue 15), so such stacks get this one, funded on their node.
 */
export const TEST_OPERATOR_KEY = keccak256(toHex("capsule test operator"));

/** Funds the test operator on `anvil` and answers the env that points a stack at it. */
export async function externalNodeEnv(anvil: Pick<AnvilHandle, "rpcUrl">): Promise<Record<string, string>> {
  const operator = privateKeyToAccount(TEST_OPERATOR_KEY).address;
  const response = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setBalance", params: [operator, toHex(10n ** 24n)] }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`funding the test operator failed: ${body.error.message}`);
  return { CAPSULE_NODE_RPC_URL: anvil.rpcUrl, CAPSULE_OPERATOR_KEY: TEST_OPERATOR_KEY };
}
