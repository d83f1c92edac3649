import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { capsuleChain } from "@/lib/chain/chain";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { ChainReader } from "@/lib/indexer/chain-reader";
import { compileEmitter } from "@/bench/support/emitter";
import { devKeys, startTestAnvil } from "@/test/support/anvil";

// A range whose logs are larger than one eth_getLogs answer may be (viem's 10 MiB limit): the
// reader splits it by the answer's size, reads the parts in parallel, and answers every log once,
// in chain order, with the hash checks of a single read. No database: dialect-independent.

const PER_TX = 500;
const TOTAL = 20_000; // about 14 MB of eth_getLogs JSON

describe("eth_getLogs answers too large for one response", () => {
  let anvil: AnvilHandle;
  let address: Address;
  let firstBlock: number;
  let lastBlock: number;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    const chain = capsuleChain(anvil.rpcUrl);
    const account = privateKeyToAccount(devKeys[0]);
    const wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl), account });
    const reader = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const emitter = compileEmitter();
    const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: emitter.abi, bytecode: emitter.bytecode }) });
    address = deployed.contractAddress!;
    let nonce = await reader.getTransactionCount({ address: account.address });
    let last: `0x${string}` | undefined;
    for (let sent = 0; sent < TOTAL; sent += PER_TX) {
      last = await wallet.writeContract({ address, abi: emitter.abi, functionName: "emitMany", args: [1n, 100n, BigInt(PER_TX), BigInt(sent)], nonce: nonce++, gas: 30_000_000n });
    }
    const receipt = await reader.waitForTransactionReceipt({ hash: last!, timeout: 300_000 });
    firstBlock = Number(deployed.blockNumber) + 1;
    lastBlock = Number(receipt.blockNumber);
  }, 600_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  it("reads every log once, in order, split by size and then in spans that fit", async () => {
    const chainReader = new ChainReader({ rpcUrl: anvil.rpcUrl, chainId: capsuleChain(anvil.rpcUrl).id, sources: [{ name: "capsuleAcceptance", address, abi: capsuleAcceptanceAbi as Abi }] });
    for (const round of ["split by size", "spans learnt"]) {
      const range = await chainReader.readRange(firstBlock, lastBlock);
      expect(range.events, round).toHaveLength(TOTAL);
      expect(new Set(range.events.map((e) => `${e.txHash}:${e.logIndex}`)).size).toBe(TOTAL);
      for (let i = 1; i < range.events.length; i++) {
        const [a, b] = [range.events[i - 1]!, range.events[i]!];
        expect(a.blockNumber < b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex < b.logIndex)).toBe(true);
      }
      // the emitter's weight is 1 ether + the log's place in its transaction; every log of each transaction is there
      const weights = range.events.map((e) => BigInt(String(e.args.weight)) - 10n ** 18n);
      for (let i = 0; i < TOTAL; i++) expect(weights[i]).toBe(BigInt(i % PER_TX));
      expect(range.events.every((e) => e.eventName === "VoteCast" && e.args.voter === getAddress(String(e.args.voter)))).toBe(true);
      expect(range.to.number).toBe(lastBlock);
      // decoded as each part arrived, the block time still comes from the block's verified header
      const times = new Map((await Promise.all([...new Set(range.events.map((e) => e.blockNumber))].map((n) => chainReader.client.getBlock({ blockNumber: BigInt(n) })))).map((b) => [Number(b.number), Number(b.timestamp)]));
      expect(range.events.every((e) => e.blockTime === times.get(e.blockNumber) && e.blockTime > 0)).toBe(true);
    }
  }, 300_000);
});
