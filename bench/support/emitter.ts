import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";

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
