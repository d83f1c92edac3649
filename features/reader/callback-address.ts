import "server-only";
import { config } from "@/lib/config/config";
import { isPublicAddress, systemResolver } from "@/lib/dns/public-address";
import { outboundAddress, type OutboundPolicy } from "@/lib/http/pinned-request";
import { dnsResolver } from "@/lib/vault/link-fetch";

// A hub that connects to any URL a stranger names is a way into the server's own network. Unless the
// operator allows it (CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS=1, tests and closed networks), a callback's
// name must resolve to public addresses only (the evidence fetcher's rule, lib/dns/public-address.ts),
// and this is checked again before every connection the hub makes to it, not only when it subscribed:
// the name's owner can point it elsewhere at any time. The connection then goes to the address that was
// checked (callback-request.ts), so a second DNS answer cannot send it inside.

export type CallbackPolicy = OutboundPolicy;

/** The hub's rule from configuration: the configured DNS servers and public addresses, or anything when local callbacks are allowed. */
export function callbackPolicy(): CallbackPolicy {
  const cfg = config();
  if (cfg.CAPSULE_WEBSUB_ALLOW_LOCAL_CALLBACKS === "1") return { resolve: systemResolver, allow: () => true };
  return { resolve: dnsResolver({ servers: cfg.CAPSULE_DNS_SERVERS, timeoutMs: cfg.CAPSULE_DNS_TIMEOUT_MS }), allow: isPublicAddress };
}

/** Answers why the callback may not be used, or null when it may. */
export async function callbackRefusal(callback: URL, policy: CallbackPolicy): Promise<string | null> {
  const checked = await outboundAddress(callback, policy);
  return checked.ok ? null : checked.reason;
}
