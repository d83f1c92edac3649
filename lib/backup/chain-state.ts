import fs from "node:fs";
import zlib from "node:zlib";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { BackupError } from "./manifest";

// The chain part of a backup. The bundled anvil, when running, is asked for its state
// (anvil_dumpState: blocks, receipts, accounts, exactly what it would write on exit); when it is
// not running, its state file is taken as it is. An external node's chain is not ours to copy.
type Rpc = (method: string, params?: unknown[]) => Promise<unknown>;

function rpcClient(url: string, timeoutMs: number): Rpc {
  return async (method, params = []) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? "error"}`);
    return body.result;
  };
}

async function answers(rpc: Rpc): Promise<number | undefined> {
  try {
    return Number(BigInt(String(await rpc("eth_chainId"))));
  } catch {
    return undefined;
  }
}

export type ChainCapture = { source: "anvil_dumpState" | "state-file" | "external" | "none"; chainId: number | null; blockNumber: number | null; written: boolean };

/** anvil's JSON state: best_block_number is the head it holds. */
function headOf(stateJson: string): number | null {
  try {
    const parsed = JSON.parse(stateJson) as { best_block_number?: unknown };
    const best = parsed.best_block_number;
    return typeof best === "number" ? best : typeof best === "string" ? Number(BigInt(best)) : null;
  } catch {
    return null;
  }
}

export async function captureChainState(options: {
  /** CAPSULE_NODE_RPC_URL was set: the chain lives on a node we do not run. */
  external: boolean;
  rpcUrl: string;
  expectedChainId: number;
  anvilStateFile: string;
  deployment: DeploymentRecord | undefined;
  targetFile: string;
}): Promise<ChainCapture> {
  const rpc = rpcClient(options.rpcUrl, options.external ? 10_000 : 2_000);
  if (options.external) {
    const chainId = await answers(rpc);
    const blockNumber = chainId === undefined ? null : Number(BigInt(String(await rpc("eth_blockNumber"))));
    return { source: "external", chainId: chainId ?? null, blockNumber, written: false };
  }
  const chainId = await answers(rpc);
  if (chainId !== undefined) {
    if (chainId !== options.expectedChainId) {
      throw new BackupError(`the node answering on ${options.rpcUrl} has chain id ${chainId}, not ${options.expectedChainId}: it is not this deployment's anvil`);
    }
    const roleRegistry = options.deployment?.contracts.roleRegistry.address;
    if (roleRegistry && (await rpc("eth_getCode", [roleRegistry, "latest"])) === "0x") {
      throw new BackupError(`the node answering on ${options.rpcUrl} does not hold this deployment's contracts: it is not this data directory's anvil`);
    }
    const dump = String(await rpc("anvil_dumpState"));
    const json = zlib.gunzipSync(Buffer.from(dump.replace(/^0x/, ""), "hex")).toString("utf8");
    fs.writeFileSync(options.targetFile, json);
    return { source: "anvil_dumpState", chainId, blockNumber: headOf(json), written: true };
  }
  if (!fs.existsSync(options.anvilStateFile)) return { source: "none", chainId: null, blockNumber: null, written: false };
  const json = fs.readFileSync(options.anvilStateFile, "utf8");
  const head = headOf(json);
  if (head === null) throw new BackupError(`${options.anvilStateFile} is not a readable anvil state file`);
  fs.writeFileSync(options.targetFile, json);
  return { source: "state-file", chainId: options.expectedChainId, blockNumber: head, written: true };
}
