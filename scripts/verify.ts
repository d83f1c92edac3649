import { parseArgs } from "node:util";
import { fetchProofAndBody, verifyProof } from "@/features/reader/verify-proof";

// npm run verify -- <capsuleId> --rpc <url> [--bridge <url>] [--registry <address>]
// Re-checks a finalized article against any Ethereum JSON-RPC node. The bridge is trusted for the
// text only: the hash, transaction, block, event, stored content hash, the integrity label's basis and whether a newer
// finalized version revises this one are all read from --rpc.
// Exit 0 when everything matched, 1 on a mismatch, 2 on bad usage or an unreachable service.

const usage = "usage: npm run verify -- <capsuleId> --rpc <url> [--bridge <url>] [--registry <address>]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { rpc: { type: "string" }, bridge: { type: "string" }, registry: { type: "string" } } });
  const capsuleId = positionals[0];
  if (!capsuleId || !/^[1-9]\d*$/.test(capsuleId) || !values.rpc) {
    console.error(usage);
    return 2;
  }
  const bridge = values.bridge ?? process.env.CAPSULE_PUBLIC_URL ?? "http://127.0.0.1:3000";
  console.log(`Capsule #${capsuleId}: text from ${bridge}, facts from ${values.rpc}`);
  const { proof, body, record, claimedLatest } = await fetchProofAndBody(bridge, capsuleId);
  const checks = await verifyProof(capsuleId, proof, body, values.rpc, values.registry, record, claimedLatest);
  for (const check of checks) console.log(`${check.ok ? "✓" : "✖"} ${check.name}: ${check.detail}`);
  const failed = checks.filter((c) => !c.ok);
  console.log(failed.length === 0 ? "MATCH: the text is the one finalized on chain." : `MISMATCH: ${failed.map((c) => c.name).join(", ")}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
