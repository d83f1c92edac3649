import { z } from "zod";
import { RpcCode, RpcError } from "./json-rpc";

// Parameter schemas of every method the gateways forward, checked before anything reaches
// the node. Values are only validated, never rewritten: what passes is forwarded as sent.
const hex = (pattern: RegExp, what: string) => z.string({ error: `expected ${what}` }).regex(pattern, `expected ${what}`);

export const address = hex(/^0x[0-9a-fA-F]{40}$/, "a 20-byte hex address");
export const hash32 = hex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte hex hash");
export const quantity = hex(/^0x[0-9a-fA-F]{1,64}$/, "a hex quantity");
export const data = hex(/^0x([0-9a-fA-F]{2})*$/, "hex data (0x followed by an even number of hex digits)");
const nonEmptyData = hex(/^0x([0-9a-fA-F]{2})+$/, "non-empty hex data");
const blockTags = ["latest", "earliest", "pending", "safe", "finalized"];
const blockNumberOrTag = z
  .string({ error: "expected a block tag (latest, earliest, pending, safe, finalized) or a hex quantity" })
  .refine((v) => blockTags.includes(v) || /^0x[0-9a-fA-F]{1,64}$/.test(v), {
    message: "expected a block tag (latest, earliest, pending, safe, finalized) or a hex quantity",
  });
// EIP-1898 block parameter: a tag, a number, or { blockHash } / { blockNumber }.
const blockParam = z.union(
  [
    blockNumberOrTag,
    z.strictObject({ blockHash: hash32, requireCanonical: z.boolean().optional() }),
    z.strictObject({ blockNumber: blockNumberOrTag }),
  ],
  { error: "expected a block tag, a hex quantity, { blockHash } or { blockNumber }" },
);

const accessList = z.array(z.strictObject({ address, storageKeys: z.array(hash32) }));
const authorization = z.object({
  address,
  chainId: quantity,
  nonce: quantity,
  r: quantity,
  s: quantity,
  yParity: quantity,
});

// The most gas one eth_call or eth_estimateGas may ask the node to spend: the bundled anvil's block gas limit.
// The node runs a call to its gas limit whatever the gateway's timeout, so an unbounded `gas` (0xffffffffffffffff
// on a loop) would keep one of its threads busy for hours after the client is gone; without `gas` the node uses its
// own block gas limit.
export const MAX_CALL_GAS = 30_000_000n;
const callGas = quantity.refine((value) => BigInt(value) <= MAX_CALL_GAS, {
  message: `at most ${MAX_CALL_GAS} (0x${MAX_CALL_GAS.toString(16)}) gas a call through this gateway`,
});

export const callObject = z.strictObject({
  from: address.optional(),
  to: address.nullable().optional(),
  gas: callGas.optional(),
  gasPrice: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  maxFeePerBlobGas: quantity.optional(),
  value: quantity.optional(),
  data: data.optional(),
  input: data.optional(),
  nonce: quantity.optional(),
  type: quantity.optional(),
  chainId: quantity.optional(),
  accessList: accessList.optional(),
  blobVersionedHashes: z.array(hash32).optional(),
  authorizationList: z.array(authorization).optional(),
});

// Each alternative makes the node match every log against one more value, for every block of the
// range (and every new block of a subscription): a filter names at most this many of each.
export const MAX_FILTER_ALTERNATIVES = 100;

const fewEnough = (value: unknown) => !Array.isArray(value) || value.length <= MAX_FILTER_ALTERNATIVES;

const topicEntry = z
  .union([hash32, z.null(), z.array(z.union([hash32, z.null()]))], { error: "expected a 32-byte topic, null, or an array of them" })
  .refine(fewEnough, `at most ${MAX_FILTER_ALTERNATIVES} topics in one position`);
const topics = z.array(topicEntry).max(4, "at most 4 topic positions");
const addressFilter = z
  .union([address, z.array(address)], { error: "expected an address or an array of addresses" })
  .refine(fewEnough, `at most ${MAX_FILTER_ALTERNATIVES} addresses`);

export const logFilter = z
  .strictObject({
    fromBlock: blockNumberOrTag.optional(),
    toBlock: blockNumberOrTag.optional(),
    blockHash: hash32.optional(),
    address: addressFilter.optional(),
    topics: topics.optional(),
  })
  .refine((f) => f.blockHash === undefined || (f.fromBlock === undefined && f.toBlock === undefined), {
    message: "blockHash cannot be combined with fromBlock/toBlock",
  });

export const subscriptionLogFilter = z.strictObject({ address: addressFilter.optional(), topics: topics.optional() });

type MethodSpec = { required: z.ZodType[]; optional?: z.ZodType[] };

// The seed's list of HTTP methods, with their parameters.
export const forwardedMethods = {
  eth_blockNumber: { required: [] },
  eth_chainId: { required: [] },
  net_peerCount: { required: [] },
  eth_gasPrice: { required: [] },
  eth_getBalance: { required: [address, blockParam] },
  eth_getTransactionCount: { required: [address, blockParam] },
  eth_call: { required: [callObject], optional: [blockParam] },
  eth_estimateGas: { required: [callObject], optional: [blockParam] },
  eth_sendRawTransaction: { required: [nonEmptyData] },
  eth_getTransactionByHash: { required: [hash32] },
  eth_getTransactionReceipt: { required: [hash32] },
  eth_getLogs: { required: [logFilter] },
} satisfies Record<string, MethodSpec>;

export type ForwardedMethod = keyof typeof forwardedMethods;

export function isForwardedMethod(method: string): method is ForwardedMethod {
  return Object.hasOwn(forwardedMethods, method);
}

function firstIssue(error: z.ZodError, index: number): string {
  const issue = error.issues[0];
  if (!issue) return `params[${index}] is invalid`;
  const where = [`params[${index}]`, ...issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))].join("");
  return `${where.replace(/\.\[/g, "[")}: ${issue.message}`;
}

/** Throws -32602 naming the first bad parameter; count checks come first. */
export function checkParams(method: string, params: unknown[], spec: MethodSpec): void {
  const optional = spec.optional ?? [];
  const min = spec.required.length;
  const max = min + optional.length;
  if (params.length < min || params.length > max) {
    const expected = min === max ? `${min}` : `${min} to ${max}`;
    throw new RpcError(RpcCode.INVALID_PARAMS, `invalid params: ${method} takes ${expected} parameter(s), got ${params.length}`);
  }
  const schemas = [...spec.required, ...optional];
  params.forEach((value, index) => {
    const schema = schemas[index];
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new RpcError(RpcCode.INVALID_PARAMS, `invalid params: ${firstIssue(parsed.error, index)}`);
  });
}

/** eth_subscribe parameters: newHeads, or logs with an optional address/topics filter. */
export function checkSubscribeParams(params: unknown[]): "newHeads" | "logs" {
  const kind = params[0];
  if (kind === "newHeads") {
    checkParams("eth_subscribe", params, { required: [z.literal("newHeads")] });
    return "newHeads";
  }
  if (kind === "logs") {
    checkParams("eth_subscribe", params, { required: [z.literal("logs")], optional: [subscriptionLogFilter] });
    return "logs";
  }
  const name = typeof kind === "string" ? `"${kind}"` : "a missing or non-string kind";
  throw new RpcError(RpcCode.INVALID_PARAMS, `invalid params: subscription ${name} is not supported; use "newHeads" or "logs"`);
}

export const subscriptionId = hex(/^0x[0-9a-fA-F]{1,64}$/, "a hex subscription id");
