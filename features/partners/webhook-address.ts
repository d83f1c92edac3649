import "server-only";
import { isIP } from "node:net";
import { config } from "@/lib/config/config";
import { isLoopbackHost } from "@/lib/auth/server/sign-in-origins";
import { isPublicAddress, systemResolver } from "@/lib/dns/public-address";
import type { OutboundPolicy } from "@/lib/http/pinned-request";
import { dnsResolver } from "@/lib/vault/link-fetch";

// Where a partner webhook may be sent. The operator registers the URL, but the partner owns its name
// and can point it anywhere at any time, and a delivery's status and error are shown to the partner:
// without a rule, a partner could make this server probe its own network and read the answers off
// the delivery list. So a webhook on a name must resolve to public addresses only, checked before
// every attempt and connected to pinned (lib/http/pinned-request.ts), unless the operator allows
// private ones (CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES=1, closed networks). A URL the operator registered on
// loopback itself (127.0.0.1, localhost, [::1]: a partner on this machine, development, tests) may
// reach loopback and nothing else.


/** The rule for one webhook URL, from its host and the configuration. */
export function webhookPolicy(url: URL): OutboundPolicy {
  const cfg = config();
  if (isLoopbackHost(url.hostname)) return { resolve: systemResolver, allow: isLoopbackHost };
  if (cfg.CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES === "1") return { resolve: systemResolver, allow: () => true };
  return { resolve: dnsResolver({ servers: cfg.CAPSULE_DNS_SERVERS, timeoutMs: cfg.CAPSULE_DNS_TIMEOUT_MS }), allow: isPublicAddress };
}

/** Why a URL cannot be registered as it stands (an IP literal outside the rule), or null. Names are checked at each delivery. */
export function webhookUrlRefusal(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!isIP(host) || isLoopbackHost(host) || config().CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES === "1") return null;
  return isPublicAddress(host) ? null : `${host} is a private or reserved address (allowed only with CAPSULE_WEBHOOK_ALLOW_LOCAL_ADDRESSES=1)`;
}
