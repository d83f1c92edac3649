import { keccak256, toBytes, toHex, type Address, type Hex } from "viem";
import { z } from "zod";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";

// Single-use signed action tokens (docs/ARCHITECTURE.md, "Signed action tokens"). Shared by the server (verification) and by
// clients (tests, pages) that build tokens; nothing here is secret.
export const ACTION_TOKEN_MAX_LIFETIME = 300;
export const ACTION_TOKEN_CLOCK_SKEW = 60;

export const actionTypedDataDomain = {
  name: "Capsule Bridge",
  version: "1",
  chainId: CAPSULE_CHAIN_ID,
} as const;

export const actionTypes = {
  Action: [
    { name: "wallet", type: "address" },
    { name: "action", type: "string" },
    { name: "method", type: "string" },
    { name: "path", type: "string" },
    { name: "bodyHash", type: "bytes32" },
    { name: "nonce", type: "bytes32" },
    { name: "issuedAt", type: "uint64" },
    { name: "expiresAt", type: "uint64" },
  ],
} as const;

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "expected 32 bytes of hex");

export const delegationSchema = z.object({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
});
export type Delegation = z.infer<typeof delegationSchema>;

export const actionPayloadSchema = z.object({
  v: z.literal(1),
  wallet: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  action: z.string().min(1).max(100),
  method: z.string().min(1).max(10),
  path: z.string().min(1).max(2048),
  bodyHash: hex32,
  nonce: hex32,
  issuedAt: z.number().int().nonnegative(),
  expiresAt: z.number().int().nonnegative(),
  delegation: delegationSchema.optional(),
});
export type ActionPayload = z.infer<typeof actionPayloadSchema>;

export function hashBody(body: string | Uint8Array | undefined): Hex {
  if (body === undefined) return keccak256(new Uint8Array());
  return keccak256(typeof body === "string" ? toBytes(body) : body);
}

export function typedDataMessage(payload: ActionPayload) {
  return {
    wallet: payload.wallet as Address,
    action: payload.action,
    method: payload.method,
    path: payload.path,
    bodyHash: payload.bodyHash as Hex,
    nonce: payload.nonce as Hex,
    issuedAt: BigInt(payload.issuedAt),
    expiresAt: BigInt(payload.expiresAt),
  };
}

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

export function encodeActionToken(payload: ActionPayload, signature: Hex): string {
  return `${base64UrlEncode(JSON.stringify(payload))}.${signature}`;
}

export type SignTypedData = (args: {
  domain: typeof actionTypedDataDomain;
  types: typeof actionTypes;
  primaryType: "Action";
  message: ReturnType<typeof typedDataMessage>;
}) => Promise<Hex>;

function randomNonce(): Hex {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** Builds a fresh single-use token for one request. `sign` is a wallet's or a session key's signTypedData. */
export async function buildActionToken(args: {
  wallet: Address;
  action: string;
  method: string;
  path: string;
  body?: string;
  sign: SignTypedData;
  now?: number;
  lifetimeSeconds?: number;
  delegation?: Delegation;
}): Promise<string> {
  const issuedAt = args.now ?? Math.floor(Date.now() / 1000);
  const payload: ActionPayload = {
    v: 1,
    wallet: args.wallet,
    action: args.action,
    method: args.method.toUpperCase(),
    path: args.path,
    bodyHash: hashBody(args.body),
    nonce: randomNonce(),
    issuedAt,
    expiresAt: issuedAt + (args.lifetimeSeconds ?? 120),
    ...(args.delegation ? { delegation: args.delegation } : {}),
  };
  const signature = await args.sign({
    domain: actionTypedDataDomain,
    types: actionTypes,
    primaryType: "Action",
    message: typedDataMessage(payload),
  });
  return encodeActionToken(payload, signature);
}
