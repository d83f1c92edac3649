import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleChain } from "@/lib/chain/chain";

// A real ERC-20 (OpenZeppelin's, test/support/contracts/TestToken.sol) compiled with the npm solc and deployed on a
// test stack's anvil: tests of what the bridge and pages read from a reward token.

const require = createRequire(import.meta.url);
const SOURCE = path.join(import.meta.dirname, "contracts", "TestToken.sol");

type Solc = { compile: (input: string, callbacks: { import: (p: string) => { contents: string } | { error: string } }) => string };
type SolcOutput = { errors?: { severity: string; formattedMessage: string }[]; contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };

function compileTestToken(): { abi: Abi; bytecode: Hex } {
  const solc = require("solc") as Solc;
  const input = {
    language: "Solidity",
    sources: { "TestToken.sol": { content: fs.readFileSync(SOURCE, "utf8") } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const readImport = (importPath: string) => {
    if (!importPath.startsWith("@openzeppelin/contracts/")) return { error: `not found: ${importPath}` };
    return { contents: fs.readFileSync(require.resolve(importPath), "utf8") };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const artifact = output.contracts?.["TestToken.sol"]?.["TestToken"];
  if (!artifact) throw new Error("solc produced no TestToken");
  return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
}

/** Deploys a TestToken with `decimals` from the wallet of `key`, minting it `supply`; answers its address. */
export async function deployTestToken(rpcUrl: string, key: Hex, token: { name: string; symbol: string; decimals: number; supply: bigint }): Promise<Address> {
  const { abi, bytecode } = compileTestToken();
  const chain = capsuleChain(rpcUrl);
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(key) });
  const hash = await wallet.deployContract({ abi, bytecode, args: [token.name, token.symbol, token.decimals, token.supply] });
  const receipt = await createPublicClient({ chain, transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("the TestToken deployment made no contract");
  return receipt.contractAddress;
}
