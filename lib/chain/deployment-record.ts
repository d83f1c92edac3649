import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// The deployment record written by `npm start` (data/deployment.json) and served by the bridge.
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

export const deployedContract = z.object({ address, blockNumber: z.number().int().nonnegative(), txHash: hash });
export type DeployedContract = z.infer<typeof deployedContract>;

export const deploymentContractKeys = [
  "roleRegistry",
  "burnPool",
  "capsuleAcceptance",
  "articleRegistry",
  "integrityCourt",
  "juryCourt",
  "validatorsVault",
  "mediaValidatorsVault",
  "integrityTreasury",
  "vaultOperatorsVault",
  "foundationVault",
  "licenceEscrow",
] as const;
export type DeploymentContractKey = (typeof deploymentContractKeys)[number];

export const deploymentRecord = z.object({
  chainId: z.number().int().positive(),
  deployer: address,
  /** Block of the last deployment transaction (wiring included). */
  blockNumber: z.number().int().nonnegative(),
  /** ISO 8601 time the deployment finished. */
  deployedAt: z.string().datetime(),
  sourceHash: hash,
  contracts: z.object({
    roleRegistry: deployedContract,
    burnPool: deployedContract,
    capsuleAcceptance: deployedContract,
    articleRegistry: deployedContract,
    integrityCourt: deployedContract,
    juryCourt: deployedContract,
    validatorsVault: deployedContract,
    mediaValidatorsVault: deployedContract,
    integrityTreasury: deployedContract,
    vaultOperatorsVault: deployedContract,
    foundationVault: deployedContract,
    licenceEscrow: deployedContract,
  }),
});
export type DeploymentRecord = z.infer<typeof deploymentRecord>;

/** The record in `file`, or undefined when the file does not exist. Throws on a malformed record. */
export function readDeployment(file: string): DeploymentRecord | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return deploymentRecord.parse(JSON.parse(text));
}

/** Writes atomically (temp file + rename), so readers never see half a record. */
export function writeDeployment(file: string, record: DeploymentRecord): void {
  const valid = deploymentRecord.parse(record);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  fs.writeFileSync(temp, `${JSON.stringify(valid, null, 2)}\n`);
  fs.renameSync(temp, file);
}
