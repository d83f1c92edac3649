import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { capsuleChain } from "@/lib/chain/chain";
import { devKeys } from "@/test/support/anvil";

type SolcOutput = { contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>; errors?: Array<{ severity: string; formattedMessage: string }> };

/** Compiles the bench-only VoteCastEmitter with the npm solc package. */
export function compileEmitter(): { abi: Abi; bytecode: Hex } {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as { compile: (input: string) => string };
  const source = fs.readFileSync(path.join(import.meta.dirname, "..", "contracts", "VoteCastEmitter.sol"), "utf8");
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "VoteCastEmitter.sol": { content: source } },
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
      }),
    ),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const artifact = output.contracts["VoteCastEmitter.sol"]?.VoteCastEmitter;
  if (!artifact) throw new Error("VoteCastEmitter did not compile");
  return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
}

const ZAcceptanceAddress = z.object({ contracts: z.object({ capsuleAcceptance: z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }) }) });
const ZRpcAnswer = z.object({ error: z.object({ message: z.string() }).optional() });

/**
 * Bench-only: swaps the stack's CapsuleAcceptance code (anvil_setCode) for the VoteCastEmitter, so one wallet
 * (anvil's dev key 9) can emit many VoteCast logs the real indexer and routes follow. Answers the acceptance
 * address, the emitter's ABI and the clients to call it with.
 */
export async function acceptanceAsEmitter(stack: { baseUrl: string; nodeRpcUrl: string }) {
  const summary = ZAcceptanceAddress.parse(await (await fetch(`${stack.baseUrl}/api/meta/contracts-summary`)).json());
  const acceptance = getAddress(summary.contracts.capsuleAcceptance.address);
  const chain = capsuleChain(stack.nodeRpcUrl);
  const wallet = createWalletClient({ chain, transport: http(stack.nodeRpcUrl), account: privateKeyToAccount(devKeys[9]) });
  const reader = createPublicClient({ chain, transport: http(stack.nodeRpcUrl) });
  const emitter = compileEmitter();
  const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
  const runtime = await reader.getCode({ address: deployed.contractAddress! });
  const response = await fetch(stack.nodeRpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setCode", params: [acceptance, runtime] }),
  });
  const answer = ZRpcAnswer.parse(await response.json());
  if (answer.error) throw new Error(answer.error.message);
  return { acceptance, emitter, wallet, reader };
}
