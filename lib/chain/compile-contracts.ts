import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";
import { z } from "zod";

// Compiles contracts/*.sol with solc-js (standard JSON) and caches the result by a source hash.
export const contractNames = [
  "ArticleRegistry",
  "BurnPool",
  "CapsuleAcceptance",
  "IntegrityCourt",
  "JuryCourt",
  "LicenceEscrow",
  "RecipientVault",
  "RoleRegistry",
] as const;
export type ContractName = (typeof contractNames)[number];
export type ContractArtifact = { abi: Abi; bytecode: Hex };
export type ContractArtifacts = Record<ContractName, ContractArtifact>;
export type CompiledContracts = { sourceHash: string; artifacts: ContractArtifacts };

export const defaultContractsDir = path.resolve(import.meta.dirname, "..", "..", "contracts");

const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  viaIR: false,
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

type SolcModule = { version: () => string; compile: (input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }) => string };
const require = createRequire(import.meta.url);

function solcPackageVersion(): string {
  return (require("solc/package.json") as { version: string }).version;
}

// The Solidity libraries the contracts import (npm packages, resolved from node_modules).
const LIBRARY_PACKAGES = ["@openzeppelin/contracts"] as const;

const libraryVersions = () => LIBRARY_PACKAGES.map((name) => `${name} ${(require(`${name}/package.json`) as { version: string }).version}`).join("\n");

/** solc's import callback: `@openzeppelin/contracts/…` from node_modules; nothing else outside contracts/. */
function importLibrary(importPath: string): { contents: string } | { error: string } {
  if (!LIBRARY_PACKAGES.some((name) => importPath.startsWith(`${name}/`))) return { error: `not a library this project installs: ${importPath}` };
  try {
    return { contents: fs.readFileSync(require.resolve(importPath), "utf8") };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads every contracts/*.sol, keyed by file name (the solc source unit name). */
export function readContractSources(dir = defaultContractsDir): Record<string, string> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".sol")).sort();
  return Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
}

/** sha256 over every source (name and text), the solc and library versions and the settings. */
export function contractsSourceHash(sources: Record<string, string> = readContractSources()): string {
  const hash = createHash("sha256");
  hash.update(`solc ${solcPackageVersion()}\n${libraryVersions()}\n${JSON.stringify(compilerSettings)}\n`);
  for (const name of Object.keys(sources).sort()) hash.update(`${name}\n${sources[name]}\n`);
  return `0x${hash.digest("hex")}`;
}

const solcOutput = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z
    .record(z.string(), z.record(z.string(), z.object({ abi: z.array(z.unknown()), evm: z.object({ bytecode: z.object({ object: z.string() }) }) })))
    .optional(),
});

const cacheFileSchema = z.object({
  sourceHash: z.string(),
  artifacts: z.record(z.string(), z.object({ abi: z.array(z.unknown()), bytecode: z.string().regex(/^0x[0-9a-f]*$/i) })),
});

function readCache(file: string, sourceHash: string): ContractArtifacts | undefined {
  try {
    const parsed = cacheFileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success || parsed.data.sourceHash !== sourceHash) return undefined;
    if (!contractNames.every((name) => parsed.data.artifacts[name])) return undefined;
    return parsed.data.artifacts as unknown as ContractArtifacts;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, compiled: CompiledContracts): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(compiled));
  fs.renameSync(temp, file);
}

function runSolc(sources: Record<string, string>): ContractArtifacts {
  const solc = require("solc") as SolcModule;
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: compilerSettings,
  };
  const output = solcOutput.parse(JSON.parse(solc.compile(JSON.stringify(input), { import: importLibrary })));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const artifacts: Partial<ContractArtifacts> = {};
  for (const name of contractNames) {
    const unit = output.contracts?.[`${name}.sol`]?.[name];
    if (!unit) throw new Error(`solc produced no output for ${name} (expected in contracts/${name}.sol)`);
    artifacts[name] = { abi: unit.abi as Abi, bytecode: `0x${unit.evm.bytecode.object}` };
  }
  return artifacts as ContractArtifacts;
}

/**
 * Compiles the contracts, or returns the cached build when `cacheFile` holds one for the same
 * source hash. Throws with the compiler's messages when compilation fails.
 */
export function compileContracts(options: { cacheFile?: string; contractsDir?: string; log?: (message: string) => void } = {}): CompiledContracts & { cached: boolean } {
  const sources = readContractSources(options.contractsDir);
  const sourceHash = contractsSourceHash(sources);
  if (options.cacheFile) {
    const artifacts = readCache(options.cacheFile, sourceHash);
    if (artifacts) return { sourceHash, artifacts, cached: true };
  }
  options.log?.(`compiling ${Object.keys(sources).length} Solidity sources with solc ${solcPackageVersion()}…`);
  const compiled = { sourceHash, artifacts: runSolc(sources) };
  if (options.cacheFile) writeCache(options.cacheFile, compiled);
  return { ...compiled, cached: false };
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The typed ABI modules committed under lib/chain/abi (file name → text). */
export function renderAbiModules(artifacts: ContractArtifacts): Record<string, string> {
  const header = "// Generated by `npm run contracts:compile` from contracts/*.sol. Do not edit.\n";
  const files: Record<string, string> = {};
  for (const name of contractNames) {
    files[`${kebab(name)}.ts`] = `${header}export const ${camel(name)}Abi = ${JSON.stringify(artifacts[name].abi, null, 2)} as const;\n`;
  }
  files["index.ts"] =
    header + contractNames.map((name) => `export { ${camel(name)}Abi } from "./${kebab(name)}";\n`).join("");
  return files;
}
