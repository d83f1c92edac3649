import { database } from "@/lib/db/client";
import { config } from "@/lib/config/config";
import { vaultFetch } from "@/features/vault/fetch.endpoint";
import { endpointRoutes, reply, serve } from "@/features/serve";
import { fetchIntoVault } from "@/features/vault/vault";
import { dnsResolver, fetchLink } from "@/lib/vault/link-fetch";

export const dynamic = "force-dynamic";

// POST /api/vault/fetch — fetch a link once and store its bytes (201 new, 200 already stored)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(vaultFetch, async ({ body, wallet, now }) => {
    const cfg = config();
    const fetcher = (url: string) =>
      fetchLink(url, {
        resolve: dnsResolver({ servers: cfg.CAPSULE_DNS_SERVERS, timeoutMs: cfg.CAPSULE_DNS_TIMEOUT_MS }),
        maxBytes: cfg.CAPSULE_VAULT_MAX_BYTES,
        timeoutMs: cfg.CAPSULE_LINK_FETCH_TIMEOUT_MS,
      });
    const result = await fetchIntoVault(database(), wallet, body, now, fetcher);
    return result.created ? result : reply(200, result);
  }),
);
