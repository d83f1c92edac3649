import type { Abi } from "viem";
import { articleRegistryAbi, burnPoolAbi, capsuleAcceptanceAbi, integrityCourtAbi, juryCourtAbi, licenceEscrowAbi, roleRegistryAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import type { IndexedSource } from "./log-decoding";

/** The contracts whose events the bridge projects into SQL. */
export function indexedSources(record: DeploymentRecord): IndexedSource[] {
  const entry = (name: keyof DeploymentRecord["contracts"], abi: Abi): IndexedSource => ({
    name,
    address: record.contracts[name].address as `0x${string}`,
    abi,
  });
  return [
    entry("articleRegistry", articleRegistryAbi as Abi),
    entry("capsuleAcceptance", capsuleAcceptanceAbi as Abi),
    entry("roleRegistry", roleRegistryAbi as Abi),
    entry("burnPool", burnPoolAbi as Abi),
    entry("integrityCourt", integrityCourtAbi as Abi),
    entry("licenceEscrow", licenceEscrowAbi as Abi),
    entry("juryCourt", juryCourtAbi as Abi),
  ];
}

export function indexerStartBlock(record: DeploymentRecord): number {
  return Math.min(...Object.values(record.contracts).map((c) => Number(c.blockNumber)));
}
