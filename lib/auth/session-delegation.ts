import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { getAddress, type Address } from "viem";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";

// Session-key delegation (docs/ARCHITECTURE.md, "Signed action tokens"): the wallet signs one EIP-4361 message whose resources name
// the session key; the page keeps the key and signs each action token with it.
export const SESSION_KEY_RESOURCE_PREFIX = "urn:capsule:session-key:";
export const SESSION_MAX_LIFETIME = 12 * 60 * 60;

export function sessionStatement(sessionKey: Address): string {
  return `Authorize session key ${sessionKey} to sign Capsule actions for this wallet until it expires or you sign out.`;
}

export function buildSessionMessage(args: {
  domain: string;
  origin: string;
  wallet: Address;
  sessionKey: Address;
  nonce: string;
  issuedAt: Date;
  lifetimeSeconds: number;
}): string {
  return createSiweMessage({
    domain: args.domain,
    address: args.wallet,
    statement: sessionStatement(args.sessionKey),
    uri: args.origin,
    version: "1",
    chainId: CAPSULE_CHAIN_ID,
    nonce: args.nonce,
    issuedAt: args.issuedAt,
    expirationTime: new Date(args.issuedAt.getTime() + Math.min(args.lifetimeSeconds, SESSION_MAX_LIFETIME) * 1000),
    resources: [`${SESSION_KEY_RESOURCE_PREFIX}${args.sessionKey}`],
  });
}

export type ParsedSession = {
  domain: string;
  wallet: Address;
  sessionKey: Address;
  chainId: number;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
  uri: string;
};

/** Parses and shape-checks a session message; undefined when it is not one. */
export function parseSessionMessage(message: string): ParsedSession | undefined {
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(message);
  } catch {
    return undefined;
  }
  const resource = fields.resources?.find((r) => r.startsWith(SESSION_KEY_RESOURCE_PREFIX));
  const key = resource?.slice(SESSION_KEY_RESOURCE_PREFIX.length);
  if (!fields.address || !fields.domain || !fields.nonce || !fields.issuedAt || !fields.expirationTime || !fields.uri) return undefined;
  if (!key || !/^0x[0-9a-fA-F]{40}$/.test(key) || fields.version !== "1" || fields.chainId === undefined) return undefined;
  return {
    domain: fields.domain,
    wallet: getAddress(fields.address),
    sessionKey: getAddress(key),
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: Math.floor(fields.issuedAt.getTime() / 1000),
    expiresAt: Math.floor(fields.expirationTime.getTime() / 1000),
    uri: fields.uri,
  };
}
