import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { getAddress, type Address } from "viem";
import { CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { rfc3339Seconds, siweFieldLines } from "./siwe-fields";

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
  /** The message's Not Before, when it has one. */
  notBefore: number | undefined;
  uri: string;
};

/** A session message read, or a sentence saying why it is not one (the 400's message). */
export type SessionMessageReading = { ok: true; session: ParsedSession } | { ok: false; reason: string };

const NOT_A_SESSION_MESSAGE = "Not a Capsule session message (EIP-4361 with a session-key resource)";
const dateFieldReason = (name: string) => `${name} is not an RFC 3339 date-time that exists (e.g. 2026-12-04T10:00:00.000Z)`;

/**
 * Reads and shape-checks a session message: EIP-4361 lines in their order and nothing else, dates
 * that exist, an Expiration Time after Issued At (and after any Not Before), and exactly one
 * resource, the session key. Whether it is valid now is the caller's check.
 */
export function readSessionMessage(message: string): SessionMessageReading {
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(message);
  } catch {
    return { ok: false, reason: NOT_A_SESSION_MESSAGE };
  }
  if (!fields.address || !fields.domain || !fields.nonce || !fields.uri || fields.version !== "1" || fields.chainId === undefined) {
    return { ok: false, reason: NOT_A_SESSION_MESSAGE };
  }
  const lines = siweFieldLines(message, fields.statement !== undefined);
  if (!lines.ok) return { ok: false, reason: `Session message: ${lines.reason}` };
  const { resources } = lines.fields;
  const key = resources.length === 1 && resources[0]!.startsWith(SESSION_KEY_RESOURCE_PREFIX) ? resources[0]!.slice(SESSION_KEY_RESOURCE_PREFIX.length) : undefined;
  if (key === undefined || !/^0x[0-9a-fA-F]{40}$/.test(key)) {
    return { ok: false, reason: `Session message: its resources must be exactly one line, ${SESSION_KEY_RESOURCE_PREFIX}<session key address>` };
  }
  const issuedAt = rfc3339Seconds(lines.fields.issuedAt);
  if (issuedAt === undefined) return { ok: false, reason: `Session message: ${dateFieldReason("Issued At")}` };
  if (lines.fields.expirationTime === undefined) return { ok: false, reason: "Session message: a session needs an Expiration Time" };
  const expiresAt = rfc3339Seconds(lines.fields.expirationTime);
  if (expiresAt === undefined) return { ok: false, reason: `Session message: ${dateFieldReason("Expiration Time")}` };
  const notBefore = lines.fields.notBefore === undefined ? undefined : rfc3339Seconds(lines.fields.notBefore);
  if (lines.fields.notBefore !== undefined && notBefore === undefined) return { ok: false, reason: `Session message: ${dateFieldReason("Not Before")}` };
  if (expiresAt <= issuedAt) return { ok: false, reason: "Session message: Expiration Time must be after Issued At" };
  if (notBefore !== undefined && notBefore >= expiresAt) return { ok: false, reason: "Session message: Not Before must be before Expiration Time" };
  return {
    ok: true,
    session: {
      domain: fields.domain,
      wallet: getAddress(fields.address),
      sessionKey: getAddress(key),
      chainId: fields.chainId,
      nonce: fields.nonce,
      issuedAt: Math.floor(issuedAt),
      expiresAt: Math.floor(expiresAt),
      notBefore: notBefore === undefined ? undefined : Math.floor(notBefore),
      uri: fields.uri,
    },
  };
}

/** A session message's fields; undefined when it is not one. */
export function parseSessionMessage(message: string): ParsedSession | undefined {
  const reading = readSessionMessage(message);
  return reading.ok ? reading.session : undefined;
}
