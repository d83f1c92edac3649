import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, juryCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { compileContracts, contractNames, renderAbiModules } from "@/lib/chain/compile-contracts";
import { ensureDeployment } from "@/lib/chain/deploy";
import { deploymentContractKeys, readDeployment, writeDeployment, type DeploymentRecord } from "@/lib/chain/deployment-record";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { sharedBuildCache } from "./fixture";

// The compile/deploy pipeline: build cache, committed ABI drift, the deployment record, and reuse.
let tmp: string;
const nodes: AnvilHandle[] = [];
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-deploy-"));
});
afterAll(async () => {
  for (const node of nodes) await node.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("compileContracts", () => {
  it("matches the committed typed ABIs (drift check) and caches by source hash", () => {
    const cacheFile = path.join(tmp, "build", "contracts-build.json");
    const fresh = compileContracts({ cacheFile });
    expect(fresh.cached).toBe(false);
    expect(fresh.sourceHash).toMatch(/^0x[0-9a-f]{64}$/);
    const abiDir = path.resolve(import.meta.dirname, "..", "..", "lib", "chain", "abi");
    for (const [file, text] of Object.entries(renderAbiModules(fresh.artifacts))) {
      expect(fs.readFileSync(path.join(abiDir, file), "utf8"), `lib/chain/abi/${file} is stale: run npm run contracts:compile`).toBe(text);
    }
    for (const name of contractNames) expect(fresh.artifacts[name].bytecode.length).toBeGreaterThan(100);

    const again = compileContracts({ cacheFile });
    expect(again.cached).toBe(true);
    expect(again.sourceHash).toBe(fresh.sourceHash);
    expect(again.artifacts).toEqual(fresh.artifacts);
  });

  it("throws with the compiler's message on a broken source", () => {
    const dir = path.join(tmp, "broken");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "Broken.sol"), "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Broken { function f() { } }\n");
    expect(() => compileContracts({ contractsDir: dir })).toThrow(/solc failed:[\s\S]*Broken\.sol/);
  });
});

describe("deployment record", () => {
  it("is undefined when missing, round-trips through an atomic write, and refuses a malformed file", () => {
    const file = path.join(tmp, "record", "deployment.json");
    expect(readDeployment(file)).toBeUndefined();
    const entry = (n: number) => ({ address: `0x${String(n).padStart(40, "0")}`, blockNumber: n, txHash: `0x${String(n).padStart(64, "0")}` });
    const record: DeploymentRecord = {
      chainId: 77117002,
      deployer: privateKeyToAccount(devKeys[0]).address,
      blockNumber: 12,
      deployedAt: new Date(0).toISOString(),
      sourceHash: `0x${"1".repeat(64)}`,
      contracts: Object.fromEntries(deploymentContractKeys.map((key, i) => [key, entry(i + 1)])) as DeploymentRecord["contracts"],
    };
    writeDeployment(file, record);
    expect(readDeployment(file)).toEqual(record);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["deployment.json"]);
    fs.writeFileSync(file, JSON.stringify({ ...record, chainId: "x" }));
    expect(() => readDeployment(file)).toThrow();
  });
});

describe("ensureDeployment", () => {
  const operatorKey = devKeys[0];
  const file = () => path.join(tmp, "data", "deployment.json");
  const ensure = (rpcUrl: string, log: string[]) =>
    ensureDeployment({ file: file(), rpcUrl, operatorKey, buildCacheFile: sharedBuildCache, log: (m) => log.push(m) });

  async function expectWired(rpcUrl: string, record: DeploymentRecord) {
    const client = createPublicClient({ transport: http(rpcUrl) });
    const at = (key: keyof DeploymentRecord["contracts"]) => record.contracts[key].address as Address;
    expect(await client.readContract({ address: at("capsuleAcceptance"), abi: capsuleAcceptanceAbi, functionName: "articleRegistry" })).toBe(at("articleRegistry"));
    expect(await client.readContract({ address: at("roleRegistry"), abi: roleRegistryAbi, functionName: "court" })).toBe(at("integrityCourt"));
    expect(await client.readContract({ address: at("roleRegistry"), abi: roleRegistryAbi, functionName: "juryCourt" })).toBe(at("juryCourt"));
    expect(await client.readContract({ address: at("juryCourt"), abi: juryCourtAbi, functionName: "articleRegistry" })).toBe(at("articleRegistry"));
    expect(await client.readContract({ address: at("articleRegistry"), abi: articleRegistryAbi, functionName: "bridgeSigner" })).toBe(record.deployer);
    for (const key of deploymentContractKeys) expect(await client.getCode({ address: at(key) })).toMatch(/^0x[0-9a-f]{10,}/);
  }

  it("deploys on a first start, reuses on the second, and redeploys on a fresh chain or changed sources", async () => {
    const first = await startTestAnvil();
    nodes.push(first);
    const log1: string[] = [];
    const deployed = await ensure(first.rpcUrl, log1);
    expect(deployed.reused).toBe(false);
    expect(log1).toContain("no deployment record yet");
    expect(log1.some((m) => m.startsWith("deployed articleRegistry (ArticleRegistry) at 0x"))).toBe(true);
    expect(deployed.record.chainId).toBe(77117002);
    expect(deployed.record.deployer).toBe(privateKeyToAccount(operatorKey).address);
    expect(readDeployment(file())).toEqual(deployed.record);
    await expectWired(first.rpcUrl, deployed.record);

    const log2: string[] = [];
    const reused = await ensure(first.rpcUrl, log2);
    expect(reused.reused).toBe(true);
    expect(reused.record).toEqual(deployed.record);
    expect(log2.some((m) => m.startsWith("deployed"))).toBe(false);

    // A fresh chain has no code at the recorded addresses: deploy again and rewrite the record.
    const fresh = await startTestAnvil();
    nodes.push(fresh);
    const log3: string[] = [];
    const redeployed = await ensure(fresh.rpcUrl, log3);
    expect(redeployed.reused).toBe(false);
    expect(log3.some((m) => /has no code on this node/.test(m))).toBe(true);
    expect(readDeployment(file())).toEqual(redeployed.record);
    await expectWired(fresh.rpcUrl, redeployed.record);

    // A record built from other sources is not reused either.
    writeDeployment(file(), { ...redeployed.record, sourceHash: `0x${"0".repeat(64)}` });
    const log4: string[] = [];
    const rebuilt = await ensure(fresh.rpcUrl, log4);
    expect(rebuilt.reused).toBe(false);
    expect(log4).toContain("not reusing the recorded deployment: the contract sources changed");
    expect(rebuilt.record.contracts.articleRegistry.address).not.toBe(redeployed.record.contracts.articleRegistry.address);
  });

  it("redeploys when the record is for another chain id", async () => {
    const other = await startTestAnvil({ chainId: 31337 });
    nodes.push(other);
    const log: string[] = [];
    const result = await ensure(other.rpcUrl, log);
    expect(result.reused).toBe(false);
    expect(log.some((m) => m.includes("the node runs chain 31337"))).toBe(true);
    expect(result.record.chainId).toBe(31337);
  });
});
