import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, parseEther, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { AnvilHandle } from "@/lib/chain/anvil-process";
import { CAPSULE_CHAIN_ID, CAPSULE_CHAIN_ID_HEX } from "@/lib/chain/chain";
import { devKeys, startTestAnvil } from "@/test/support/anvil";
import { freePort } from "@/test/support/free-port";
import { waitFor } from "@/test/support/wait-for";
import { post, req, startGatewayServer, type GatewayServer } from "./harness";

const dev = privateKeyToAccount(devKeys[0]);
const other = privateKeyToAccount(devKeys[1]);

let anvil: AnvilHandle;
let testnet: AnvilHandle;
let gateway: GatewayServer; // main + archive default, no testnet
let configured: GatewayServer; // testnet and archive configured
let rpcUrl: string;

async function signTransfer(nonce: number, from = devKeys[0] as Hex, value = parseEther("1")): Promise<Hex> {
  return privateKeyToAccount(from).signTransaction({
    chainId: CAPSULE_CHAIN_ID,
    type: "eip1559",
    to: other.address,
    value,
    nonce,
    gas: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
}

beforeAll(async () => {
  [anvil, testnet] = await Promise.all([startTestAnvil(), startTestAnvil({ chainId: 31337 })]);
  // Limits are exercised in rate-limit.test.ts; here they are out of the way.
  const limits = { perIpPerMinute: 100_000, sendRawPerIpPerMinute: 100_000, serviceRpcPerIpPerMinute: 100_000 };
  gateway = await startGatewayServer({ upstream: { main: anvil.rpcUrl }, nodeWsUrl: anvil.wsUrl, limits });
  configured = await startGatewayServer({
    upstream: { main: anvil.rpcUrl, testnet: testnet.rpcUrl, archive: testnet.rpcUrl },
    nodeWsUrl: anvil.wsUrl,
    limits,
  });
  rpcUrl = `${gateway.url}/rpc`;
});

afterAll(async () => {
  await gateway?.close();
  await configured?.close();
  await Promise.all([anvil?.stop(), testnet?.stop()]);
});

describe("allowed methods are forwarded with results untouched", () => {
  let txHash: Hex;

  it("answers the read methods", async () => {
    const cases: [string, unknown[] | undefined, (result: unknown) => void][] = [
      ["eth_blockNumber", undefined, (r) => expect(r).toMatch(/^0x[0-9a-f]+$/)],
      ["eth_chainId", [], (r) => expect(r).toBe(CAPSULE_CHAIN_ID_HEX)],
      ["net_peerCount", [], (r) => expect(r).toBe("0x0")],
      ["eth_gasPrice", [], (r) => expect(r).toMatch(/^0x[0-9a-f]+$/)],
      ["eth_getBalance", [dev.address, "latest"], (r) => expect(BigInt(r as string)).toBeGreaterThan(0n)],
      ["eth_getBalance", [dev.address, { blockNumber: "0x0" }], (r) => expect(r).toMatch(/^0x[0-9a-f]+$/)],
      ["eth_getTransactionCount", [dev.address, "pending"], (r) => expect(r).toBe("0x0")],
      ["eth_getTransactionCount", [dev.address, { blockNumber: "0x0" }], (r) => expect(r).toBe("0x0")],
      ["eth_call", [{ to: other.address, data: "0x" }, "latest"], (r) => expect(r).toBe("0x")],
      ["eth_estimateGas", [{ from: dev.address, to: other.address, value: "0x1" }], (r) => expect(r).toBe("0x5208")],
      ["eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest" }], (r) => expect(Array.isArray(r)).toBe(true)],
      ["eth_getTransactionByHash", [`0x${"ab".repeat(32)}`], (r) => expect(r).toBeNull()],
      ["eth_getTransactionReceipt", [`0x${"ab".repeat(32)}`], (r) => expect(r).toBeNull()],
    ];
    for (const [method, params, check] of cases) {
      const request = req(method, params);
      const answer = await post(rpcUrl, request);
      expect(answer.status, method).toBe(200);
      expect(answer.body, method).toMatchObject({ jsonrpc: "2.0", id: request.id });
      expect(answer.body.error, method).toBeUndefined();
      check(answer.body.result);
    }
  });

  it("accepts a transaction signed by viem through eth_sendRawTransaction", async () => {
    const raw = await signTransfer(0);
    const sent = await post(rpcUrl, req("eth_sendRawTransaction", [raw]));
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/);
    txHash = sent.body.result;
    const tx = await post(rpcUrl, req("eth_getTransactionByHash", [txHash]));
    expect(tx.body.result).toMatchObject({ hash: txHash, from: dev.address.toLowerCase(), nonce: "0x0" });
    // the node answers the hash before its block is mined when it is busy: the receipt comes a moment later
    const receipt = await waitFor(async () => {
      const answer = await post(rpcUrl, req("eth_getTransactionReceipt", [txHash]));
      return answer.body.result === null ? undefined : answer;
    }, "the transfer's receipt");
    expect(receipt.body.result).toMatchObject({ transactionHash: txHash, status: "0x1" });
    const balance = await post(rpcUrl, req("eth_getBalance", [other.address, receipt.body.result.blockNumber]));
    expect(BigInt(balance.body.result)).toBe(parseEther("10001"));
  });

  it("serves viem's public client", async () => {
    const client = createPublicClient({ transport: http(rpcUrl) });
    expect(await client.getChainId()).toBe(CAPSULE_CHAIN_ID);
    expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(1n);
    expect(await client.getTransactionCount({ address: dev.address })).toBe(1);
  });
});

describe("refused method families", () => {
  const refused: [string, unknown[]][] = [
    ["anvil_mine", []],
    ["anvil_setBalance", [dev.address, "0x1"]],
    ["anvil_impersonateAccount", [dev.address]],
    ["evm_mine", []],
    ["evm_increaseTime", ["0x10"]],
    ["evm_snapshot", []],
    ["debug_traceTransaction", [`0x${"ab".repeat(32)}`]],
    ["eth_accounts", []],
    ["eth_sendTransaction", [{ from: dev.address, to: other.address, value: "0x1" }]],
    ["eth_sign", [dev.address, "0x00"]],
    ["admin_peers", []],
    ["personal_sign", ["0x00", dev.address]],
    ["eth_subscribe", ["newHeads"]],
    ["eth_getBlockByNumber", ["latest", false]],
  ];

  it("answers -32601 and never reaches the node", async () => {
    const before = await post(rpcUrl, req("eth_blockNumber"));
    for (const [method, params] of refused) {
      const request = req(method, params);
      const answer = await post(rpcUrl, request);
      expect(answer.status, method).toBe(200);
      expect(answer.body, method).toEqual({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32601, message: `method not found: ${method} is not available through this gateway` },
      });
    }
    const after = await post(rpcUrl, req("eth_blockNumber"));
    expect(after.body.result).toBe(before.body.result); // evm_mine / anvil_mine did not run
  });
});

describe("error codes", () => {
  it("-32700 for invalid JSON, with id null", async () => {
    const answer = await post(rpcUrl, '{"jsonrpc":"2.0","id":1,"method":');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error: the body is not valid JSON" } });
  });

  it("-32600 for invalid request objects", async () => {
    const cases: [unknown, string | number | null, string][] = [
      [{ id: 1, method: "eth_chainId" }, 1, 'jsonrpc must be "2.0"'],
      [{ jsonrpc: "1.0", id: 2, method: "eth_chainId" }, 2, 'jsonrpc must be "2.0"'],
      [{ jsonrpc: "2.0", id: 3, method: 42 }, 3, "method must be a non-empty string"],
      [{ jsonrpc: "2.0", id: { a: 1 }, method: "eth_chainId" }, null, "id must be a string, a number or null"],
      [{ jsonrpc: "2.0", id: "x", method: "eth_getBalance", params: { address: dev.address } }, "x", "params must be an array"],
      [5, null, "expected a JSON-RPC request object"],
      [[], null, "empty batch"],
    ];
    for (const [body, id, message] of cases) {
      const answer = await post(rpcUrl, body);
      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(body)).toEqual({ jsonrpc: "2.0", id, error: { code: -32600, message: `invalid request: ${message}` } });
    }
  });

  it("-32602 for invalid params, checked before forwarding", async () => {
    const hash = `0x${"11".repeat(32)}`;
    const cases: [string, unknown[], string][] = [
      ["eth_getBalance", ["0x1234", "latest"], "params[0]: expected a 20-byte hex address"],
      ["eth_getBalance", [dev.address, "newest"], "params[1]: expected a block tag"],
      ["eth_getBalance", [], "eth_getBalance takes 2 parameter(s), got 0"],
      ["eth_getBalance", [dev.address], "eth_getBalance takes 2 parameter(s), got 1"],
      ["eth_getTransactionCount", [dev.address, "latest", 1], "takes 2 parameter(s), got 3"],
      ["eth_chainId", [1], "eth_chainId takes 0 parameter(s), got 1"],
      ["eth_getTransactionByHash", ["0x12"], "params[0]: expected a 32-byte hex hash"],
      ["eth_getTransactionReceipt", [42], "params[0]: expected a 32-byte hex hash"],
      ["eth_call", [{ to: "0xnothex", data: "0x" }, "latest"], "params[0].to: expected a 20-byte hex address"],
      ["eth_call", [{ to: other.address, data: "0x123" }], "params[0].data: expected hex data"],
      ["eth_call", [{ to: other.address, code: "0x00" }], "params[0]"],
      ["eth_call", ["0x00"], "params[0]"],
      ["eth_estimateGas", [{ to: other.address, value: 5 }], "params[0].value"],
      // a call that loops until its gas runs out: the node would spend it long after the gateway's timeout
      ["eth_call", [{ data: "0x5b600056", gas: "0xffffffffffffffff" }, "latest"], "params[0].gas: at most 30000000 (0x1c9c380) gas a call"],
      ["eth_estimateGas", [{ data: "0x5b600056", gas: "0x1c9c381" }], "params[0].gas: at most 30000000"],
      ["eth_sendRawTransaction", ["0xzz"], "params[0]: expected non-empty hex data"],
      ["eth_sendRawTransaction", [], "takes 1 parameter(s), got 0"],
      ["eth_getLogs", [{ address: "0x12" }], "params[0].address"],
      ["eth_getLogs", [{ topics: [hash, hash, hash, hash, hash] }], "params[0].topics: at most 4 topic positions"],
      ["eth_getLogs", [{ topics: ["0x12"] }], "params[0].topics[0]"],
      ["eth_getLogs", [{ address: Array.from({ length: 101 }, () => other.address) }], "params[0].address: at most 100 addresses"],
      ["eth_getLogs", [{ topics: [null, Array.from({ length: 101 }, () => hash)] }], "params[0].topics[1]: at most 100 topics in one position"],
      ["eth_getLogs", [{ fromBlock: "first" }], "params[0].fromBlock"],
      ["eth_getLogs", [{ blockHash: hash, fromBlock: "0x0" }], "blockHash cannot be combined with fromBlock/toBlock"],
      ["eth_getLogs", [{ limit: 10 }], "params[0]"],
    ];
    for (const [method, params, message] of cases) {
      const request = req(method, params);
      const answer = await post(rpcUrl, request);
      expect(answer.body.id).toBe(request.id);
      expect(answer.body.error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
      expect(answer.body.error.message, method).toContain("invalid params: ");
      expect(answer.body.error.message, method).toContain(message);
    }
  });

  it("forwards a call of at most 30,000,000 gas, which the node ends out of gas", async () => {
    const answer = await post(rpcUrl, req("eth_call", [{ data: "0x5b600056", gas: "0x1c9c380" }, "latest"]));
    expect(answer.body.error?.code).toBe(-32000);
    expect(answer.body.error.message).toMatch(/out ?of ?gas/i);
  });

  it("-32000 carries the node's message and data for node-side failures", async () => {
    // nonce 0 was used above: the node says the nonce is too low.
    const reused = await post(rpcUrl, req("eth_sendRawTransaction", [await signTransfer(0)]));
    expect(reused.body.error.code).toBe(-32000);
    expect(reused.body.error.message).toMatch(/nonce too low/i);

    const poor = generatePrivateKey();
    const broke = await post(rpcUrl, req("eth_sendRawTransaction", [await signTransfer(0, poor)]));
    expect(broke.body.error.code).toBe(-32000);
    expect(broke.body.error.message).toMatch(/insufficient funds/i);

    // init code that reverts with 32 bytes of revert data
    const reverted = await post(rpcUrl, req("eth_call", [{ data: "0x7f00000000000000000000000000000000000000000000000000000000000000076000526020" + "6000fd" }]));
    expect(reverted.body.error.code).toBe(-32000);
    expect(reverted.body.error.message).toMatch(/execution reverted/);
    expect(reverted.body.error.data).toBe(`0x${"00".repeat(31)}07`);
  });

  it("-32603 when the node is unreachable, without naming it", async () => {
    const deadPort = await freePort();
    const dead = await startGatewayServer({
      upstream: { main: `http://127.0.0.1:${deadPort}` },
      nodeWsUrl: `ws://127.0.0.1:${deadPort}`,
    });
    try {
      const answer = await post(`${dead.url}/rpc`, [req("eth_chainId"), req("eth_blockNumber")]);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(2);
      for (const item of answer.body) {
        expect(item.error).toEqual({ code: -32603, message: "internal error: the chain node is unavailable" });
      }
      expect(JSON.stringify(answer.body)).not.toContain(String(deadPort));
    } finally {
      await dead.close();
    }
  });
});

describe("batches", () => {
  it("answers each entry independently, in order, and skips notifications", async () => {
    const answer = await post(rpcUrl, [
      { jsonrpc: "2.0", id: "a", method: "eth_chainId" },
      { jsonrpc: "2.0", id: "b", method: "evm_mine" },
      { jsonrpc: "2.0", id: "c", method: "eth_getBalance", params: ["nope"] },
      { id: "d", method: "eth_chainId" },
      { jsonrpc: "2.0", method: "eth_blockNumber" },
      { jsonrpc: "2.0", id: 7, method: "eth_getBalance", params: [dev.address, "latest"] },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((a: { id: unknown }) => a.id)).toEqual(["a", "b", "c", "d", 7]);
    expect(answer.body[0].result).toBe(CAPSULE_CHAIN_ID_HEX);
    expect(answer.body[1].error.code).toBe(-32601);
    expect(answer.body[2].error.code).toBe(-32602);
    expect(answer.body[3].error.code).toBe(-32600);
    expect(answer.body[4].result).toMatch(/^0x[0-9a-f]+$/);
  });

  it("refuses a batch over the cap with one -32600", async () => {
    const answer = await post(rpcUrl, Array.from({ length: 51 }, () => req("eth_chainId")));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "invalid request: batch of 51 exceeds the limit of 50" } });
    const full = await post(rpcUrl, Array.from({ length: 50 }, () => req("eth_chainId")));
    expect(full.body).toHaveLength(50);
  });

  it("answers a notification alone with 204 and no body", async () => {
    const answer = await post(rpcUrl, { jsonrpc: "2.0", method: "eth_chainId" });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
  });
});

describe("HTTP envelope", () => {
  it("caps the body at 1 MiB with 413", async () => {
    const big = JSON.stringify(req("eth_call", [{ to: other.address, data: `0x${"00".repeat(600_000)}` }]));
    expect(big.length).toBeGreaterThan(1_048_576);
    const answer = await post(rpcUrl, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "request too large: the body exceeds 1048576 bytes" } });
    const fits = await post(rpcUrl, req("eth_call", [{ to: other.address, data: `0x${"00".repeat(500_000)}` }]));
    expect(fits.body.result).toBe("0x");
  });

  it("requires Content-Type: application/json (415)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const answer = await post(rpcUrl, req("eth_chainId"), { "content-type": type });
      expect(answer.status).toBe(415);
      expect(answer.body.error).toEqual({ code: -32600, message: "unsupported media type: send Content-Type: application/json" });
    }
    const charset = await post(rpcUrl, req("eth_chainId"), { "content-type": "application/json; charset=utf-8" });
    expect(charset.body.result).toBe(CAPSULE_CHAIN_ID_HEX);
  });

  it("answers other paths with 404 and other methods with 405, both JSON-RPC style", async () => {
    const unknown = await post(`${gateway.url}/rpc/mainnet`, req("eth_chainId"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: -32601, message: "not found: no JSON-RPC endpoint at /rpc/mainnet" });
    const get = await fetch(rpcUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await get.json()).error.code).toBe(-32600);
  });
});

describe("archive and testnet", () => {
  it("serves /rpc/archive from the main node by default", async () => {
    const answer = await post(`${gateway.url}/rpc/archive`, req("eth_getBalance", [other.address, "0x0"]));
    expect(BigInt(answer.body.result)).toBe(parseEther("10000"));
    const refused = await post(`${gateway.url}/rpc/archive`, req("anvil_mine"));
    expect(refused.body.error.code).toBe(-32601);
  });

  it("answers 503 on /rpc/testnet when no testnet is configured", async () => {
    const answer = await post(`${gateway.url}/rpc/testnet`, req("eth_chainId"));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "testnet RPC is not configured on this server" } });
  });

  it("routes /rpc/testnet and a configured /rpc/archive to their own upstreams", async () => {
    const testnetChain = await post(`${configured.url}/rpc/testnet`, req("eth_chainId"));
    expect(testnetChain.body.result).toBe("0x7a69");
    const archiveChain = await post(`${configured.url}/rpc/archive`, req("eth_chainId"));
    expect(archiveChain.body.result).toBe("0x7a69");
    const mainChain = await post(`${configured.url}/rpc`, req("eth_chainId"));
    expect(mainChain.body.result).toBe(CAPSULE_CHAIN_ID_HEX);
    const badParams = await post(`${configured.url}/rpc/testnet`, req("eth_getBalance", ["0x1"]));
    expect(badParams.body.error.code).toBe(-32602);
  });
});

describe("the bridge operator's account", () => {
  const operator = privateKeyToAccount(devKeys[2]);
  /** A gateway that refuses the operator's account (dev key #2 plays it), as the server's does. */
  const guardedGateway = () =>
    startGatewayServer({
      upstream: { main: anvil.rpcUrl },
      nodeWsUrl: anvil.wsUrl,
      limits: { perIpPerMinute: 100_000, sendRawPerIpPerMinute: 100_000, refusedSenders: new Set([operator.address.toLowerCase()]) },
    });

  it("cannot send a transaction through the gateway (-32003), while anyone else's is forwarded", async () => {
    const guarded = await guardedGateway();
    try {
      const url = `${guarded.url}/rpc`;
      const nonceOf = async (address: string) => (await post(url, req("eth_getTransactionCount", [address, "pending"]))).body.result as string;
      const before = await nonceOf(operator.address);
      const refused = await post(url, req("eth_sendRawTransaction", [await signTransfer(Number(before), devKeys[2] as Hex)]));
      expect(refused.body.error).toEqual({ code: -32003, message: "transaction rejected: the bridge operator's account does not send transactions through this gateway" });
      expect(await nonceOf(operator.address)).toBe(before);
      // in a batch too, beside a transaction the gateway forwards
      const sender = privateKeyToAccount(devKeys[3]);
      const batch = await post(url, [
        req("eth_sendRawTransaction", [await signTransfer(Number(before), devKeys[2] as Hex)]),
        req("eth_sendRawTransaction", [await signTransfer(Number(await nonceOf(sender.address)), devKeys[3] as Hex)]),
      ]);
      expect(batch.body[0].error.code).toBe(-32003);
      expect(batch.body[1].result).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      await guarded.close();
    }
  });

  it("cannot be delegated through the gateway either: an EIP-7702 authorization signed by it is refused, from any sender", async () => {
    const sender = privateKeyToAccount(devKeys[4]);
    const guarded = await guardedGateway();
    try {
      const url = `${guarded.url}/rpc`;
      const nonceOf = async (address: string) => Number((await post(url, req("eth_getTransactionCount", [address, "pending"]))).body.result);
      const codeOf = async (address: string) => (await post(anvil.rpcUrl, req("eth_getCode", [address, "latest"]))).body.result as string;
      /** A type-4 transaction from `sender` to itself carrying one authorization, signed by `signer`, to delegate to `target`. */
      const delegation = async (signer: typeof operator, target: Hex) => {
        const authorization = await signer.signAuthorization({ chainId: CAPSULE_CHAIN_ID, contractAddress: target, nonce: (await nonceOf(signer.address)) + (signer === sender ? 1 : 0) });
        return sender.signTransaction({
          chainId: CAPSULE_CHAIN_ID,
          type: "eip7702",
          to: sender.address,
          nonce: await nonceOf(sender.address),
          gas: 100_000n,
          maxFeePerGas: 10_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
          authorizationList: [authorization],
        });
      };
      const target = other.address;
      const operatorNonce = await nonceOf(operator.address);
      const refused = await post(url, req("eth_sendRawTransaction", [await delegation(operator, target)]));
      expect(refused.body.error).toEqual({ code: -32003, message: "transaction rejected: the bridge operator's account does not send transactions through this gateway" });
      expect(await nonceOf(operator.address)).toBe(operatorNonce);
      expect(await codeOf(operator.address)).toBe("0x");
      // the same kind of transaction delegating the sender's own account is forwarded, and the node applies it
      const own = await post(url, req("eth_sendRawTransaction", [await delegation(sender, target)]));
      expect(own.body.result, JSON.stringify(own.body)).toMatch(/^0x[0-9a-f]{64}$/);
      // a transaction the gateway cannot read, and so cannot check, is not forwarded
      const unreadable = await post(url, req("eth_sendRawTransaction", ["0x04c0ffee"]));
      expect(unreadable.body.error.code).toBe(-32602);
      expect(unreadable.body.error.message).toMatch(/cannot read the transaction/);
    } finally {
      await guarded.close();
    }
  });
});
