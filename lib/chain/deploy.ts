import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { capsuleAcceptanceAbi, roleRegistryAbi } from "./abi";
import { compileContracts, contractsSourceHash, readContractSources, type ContractArtifacts, type ContractName } from "./compile-contracts";
import {
  deploymentContractKeys,
  readDeployment,
  writeDeployment,
  type DeployedContract,
  type DeploymentRecord,
} from "./deployment-record";

// Deploys the Capsule contracts (operator = deployer = bridge signer) and reuses a live deployment.
export const DEFAULT_BURN_INTERVAL_SECONDS = 7 * 24 * 60 * 60;
/** How long a licence payment nobody settled stays in escrow before its buyer may reclaim it. */
export const LICENCE_RECLAIM_AFTER_SECONDS = 7 * 24 * 60 * 60;

type Log = (message: string) => void;

function clientsFor(rpcUrl: string, chainId: number, operatorKey: Hex) {
  const chain: Chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { timeout: 30_000 });
  const account = privateKeyToAccount(operatorKey);
  return {
    account,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 100 }),
    walletClient: createWalletClient({ chain, transport, account, pollingInterval: 100 }),
  };
}

async function nodeChainId(rpcUrl: string): Promise<number> {
  return createPublicClient({ transport: http(rpcUrl, { timeout: 30_000 }) }).getChainId();
}

export async function deployCapsuleContracts(options: {
  rpcUrl: string;
  operatorKey: Hex;
  artifacts: ContractArtifacts;
  sourceHash: string;
  burnIntervalSeconds?: number;
  log?: Log;
}): Promise<DeploymentRecord> {
  const log = options.log ?? (() => {});
  const chainId = await nodeChainId(options.rpcUrl);
  const { account, publicClient, walletClient } = clientsFor(options.rpcUrl, chainId, options.operatorKey);
  const contracts: Partial<Record<(typeof deploymentContractKeys)[number], DeployedContract>> = {};
  let lastBlock = 0;

  const confirm = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} reverted (tx ${hash})`);
    lastBlock = Math.max(lastBlock, Number(receipt.blockNumber));
    return receipt;
  };

  const deploy = async (key: (typeof deploymentContractKeys)[number], name: ContractName, args: readonly unknown[]): Promise<Address> => {
    const { abi, bytecode } = options.artifacts[name];
    const hash = await walletClient.deployContract({ abi: abi as Abi, bytecode, args });
    const receipt = await confirm(hash, `deploying ${name} (${key})`);
    if (!receipt.contractAddress) throw new Error(`deploying ${name} (${key}) produced no contract address`);
    const address = getAddress(receipt.contractAddress);
    contracts[key] = { address, blockNumber: Number(receipt.blockNumber), txHash: hash };
    log(`deployed ${key} (${name}) at ${address}`);
    return address;
  };

  const interval = BigInt(options.burnIntervalSeconds ?? DEFAULT_BURN_INTERVAL_SECONDS);
  const burnPool = await deploy("burnPool", "BurnPool", [interval]);
  const roleRegistry = await deploy("roleRegistry", "RoleRegistry", [burnPool]);
  const acceptance = await deploy("capsuleAcceptance", "CapsuleAcceptance", [roleRegistry]);
  const validators = await deploy("validatorsVault", "RecipientVault", ["Validators"]);
  const media = await deploy("mediaValidatorsVault", "RecipientVault", ["Media validators"]);
  const integrity = await deploy("integrityTreasury", "RecipientVault", ["Integrity treasury"]);
  const vaultOperators = await deploy("vaultOperatorsVault", "RecipientVault", ["Vault operators"]);
  const foundation = await deploy("foundationVault", "RecipientVault", ["Foundation"]);
  const registry = await deploy("articleRegistry", "ArticleRegistry", [
    account.address,
    acceptance,
    validators,
    burnPool,
    media,
    integrity,
    vaultOperators,
    foundation,
  ]);
  const court = await deploy("integrityCourt", "IntegrityCourt", [roleRegistry]);
  const juryCourt = await deploy("juryCourt", "JuryCourt", [roleRegistry, registry, burnPool]);
  await deploy("licenceEscrow", "LicenceEscrow", [BigInt(LICENCE_RECLAIM_AFTER_SECONDS)]);

  await confirm(
    await walletClient.writeContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "setArticleRegistry", args: [registry] }),
    "CapsuleAcceptance.setArticleRegistry",
  );
  log("wired the article registry into the acceptance contract");
  await confirm(
    await walletClient.writeContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "setCourt", args: [court] }),
    "RoleRegistry.setCourt",
  );
  log("wired the integrity court into the role registry");
  await confirm(
    await walletClient.writeContract({ address: roleRegistry, abi: roleRegistryAbi, functionName: "setJuryCourt", args: [juryCourt] }),
    "RoleRegistry.setJuryCourt",
  );
  log("wired the jury court into the role registry");

  return {
    chainId,
    deployer: account.address,
    blockNumber: lastBlock,
    deployedAt: new Date().toISOString(),
    sourceHash: options.sourceHash,
    contracts: contracts as DeploymentRecord["contracts"],
  };
}

async function whyNotReusable(
  record: DeploymentRecord,
  publicClient: PublicClient<Transport, Chain>,
  chainId: number,
  sourceHash: string,
  deployer: Address,
): Promise<string | undefined> {
  if (record.chainId !== chainId) return `it is for chain ${record.chainId}, the node runs chain ${chainId}`;
  if (record.sourceHash !== sourceHash) return "the contract sources changed";
  if (record.deployer.toLowerCase() !== deployer.toLowerCase()) return "the operator key changed";
  for (const key of deploymentContractKeys) {
    const code = await publicClient.getCode({ address: record.contracts[key].address as Address });
    if (!code || code === "0x") return `${key} has no code on this node (fresh chain?)`;
  }
  return undefined;
}

/** Reuses the recorded deployment when it is live on this node; otherwise compiles (cached) and deploys. */
export async function ensureDeployment(options: {
  file: string;
  rpcUrl: string;
  operatorKey: Hex;
  buildCacheFile: string;
  burnIntervalSeconds?: number;
  contractsDir?: string;
  log?: Log;
}): Promise<{ record: DeploymentRecord; reused: boolean }> {
  const log = options.log ?? (() => {});
  const chainId = await nodeChainId(options.rpcUrl);
  const { account, publicClient } = clientsFor(options.rpcUrl, chainId, options.operatorKey);
  const sourceHash = contractsSourceHash(readContractSources(options.contractsDir));

  let existing: DeploymentRecord | undefined;
  try {
    existing = readDeployment(options.file);
  } catch (error) {
    log(`ignoring the unreadable deployment record ${options.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (existing) {
    const reason = await whyNotReusable(existing, publicClient, chainId, sourceHash, account.address);
    if (!reason) {
      log(`deployment record matches the node (chain ${chainId}, ${deploymentContractKeys.length} contracts with code)`);
      return { record: existing, reused: true };
    }
    log(`not reusing the recorded deployment: ${reason}`);
  } else {
    log("no deployment record yet");
  }

  const compiled = compileContracts({ cacheFile: options.buildCacheFile, contractsDir: options.contractsDir, log });
  log(compiled.cached ? "using the cached contract build" : "contracts compiled");
  const record = await deployCapsuleContracts({
    rpcUrl: options.rpcUrl,
    operatorKey: options.operatorKey,
    artifacts: compiled.artifacts,
    sourceHash: compiled.sourceHash,
    burnIntervalSeconds: options.burnIntervalSeconds,
    log,
  });
  writeDeployment(options.file, record);
  log(`deployment record written to ${options.file}`);
  return { record, reused: false };
}
