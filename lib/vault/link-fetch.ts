import "server-only";
import { request } from "node:https";
import { Resolver as DnsResolver } from "node:dns/promises";
import { parseDnsServers } from "@/lib/dns/dns-servers";
import { plainFileName } from "@/lib/schemas/plain-text";
import { checkFetchUrl, isPublicAddress, pinnedLookup, resolvePublic, type Resolver } from "@/lib/dns/public-address";

// Evidence "Add by link": the bridge fetches the link once, on a journalist's behalf, so the vault
// holds the exact bytes and their hash. Every hop (the link and each redirect) passes the same checks:
// https on the default port, a public DNS name, every resolved address public; the connection goes to
// the address that was checked (no second lookup), the certificate is verified against the name, the
// body is capped and the whole fetch has one deadline.

export type LinkFetchOptions = {
  resolve: Resolver;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Replaces the public-address rule; only tests pass one (a loopback HTTPS server). */
  allow?: (address: string) => boolean;
  /** The port to connect to instead of 443; only tests pass one. */
  port?: number;
  /** Extra trusted certificate authority (PEM); only tests pass one. */
  ca?: string;
};

export type FetchedLink = { bytes: Uint8Array; mimeType: string; finalUrl: string; filename: string };

/** Why a link was not fetched, in words for the person who pasted it. */
export class LinkNotFetched extends Error {
  constructor(
    message: string,
    readonly kind: "refused" | "failed",
  ) {
    super(message);
    this.name = "LinkNotFetched";
  }
}

/** A resolver of A and AAAA records through the configured DNS servers (the system's when none are configured). */
export function dnsResolver(options: { servers?: string; timeoutMs: number }): Resolver {
  return async (host) => {
    const resolver = new DnsResolver({ timeout: options.timeoutMs, tries: 1 });
    const servers = parseDnsServers(options.servers);
    if (servers.length > 0) resolver.setServers(servers);
    try {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
      const addresses = [...(v4.status === "fulfilled" ? v4.value : []), ...(v6.status === "fulfilled" ? v6.value : [])];
      if (addresses.length === 0 && v4.status === "rejected") throw v4.reason;
      return addresses;
    } finally {
      resolver.cancel();
    }
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches a link under the rules above, following at most `maxRedirects` redirects (3 by default). */
export async function fetchLink(input: string, options: LinkFetchOptions): Promise<FetchedLink> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let current = input;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const checked = checkFetchUrl(current);
    if (!checked.ok) throw new LinkNotFetched(hop === 0 ? `This link cannot be fetched: ${checked.reason}` : `The link redirects to ${current}, which cannot be fetched: ${checked.reason}`, "refused");
    const resolved = await resolvePublic(checked.host, options.resolve, options.allow ?? isPublicAddress);
    if (!resolved.ok) throw new LinkNotFetched(resolved.reason, "refused");
    const answer = await getOnce(checked.url, resolved.addresses[0]!, options, deadline);
    if (answer.kind === "redirect") {
      current = new URL(answer.location, checked.url).toString();
      continue;
    }
    return { ...answer.body, finalUrl: checked.url.toString(), filename: filenameOf(checked.url) };
  }
  throw new LinkNotFetched(`The link redirects more than ${options.maxRedirects ?? 3} times`, "failed");
}

type Answer = { kind: "redirect"; location: string } | { kind: "body"; body: { bytes: Uint8Array; mimeType: string } };

function getOnce(url: URL, address: string, options: LinkFetchOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const fail = (message: string) => reject(new LinkNotFetched(message, "failed"));
    const req = request(
      url,
      {
        method: "GET",
        lookup: pinnedLookup(address),
        servername: url.hostname,
        port: options.port ?? 443,
        headers: { accept: "*/*", "user-agent": "Capsule evidence fetcher" },
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECTS.has(status) && location) {
          res.resume();
          resolve({ kind: "redirect", location });
          return;
        }
        if (status !== 200) {
          res.resume();
          fail(`The link answered HTTP ${status}`);
          return;
        }
        const declared = Number(res.headers["content-length"] ?? "0");
        if (declared > options.maxBytes) {
          res.destroy();
          fail(`The file at this link is ${declared} bytes; the vault accepts at most ${options.maxBytes}`);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            res.destroy();
            fail(`The file at this link is larger than ${options.maxBytes} bytes, which the vault accepts at most`);
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          if (size === 0) return fail("The link answered an empty file");
          const mimeType = (res.headers["content-type"] ?? "application/octet-stream").split(";")[0]!.trim().toLowerCase();
          resolve({ kind: "body", body: { bytes: new Uint8Array(Buffer.concat(chunks)), mimeType } });
        });
        res.on("error", () => fail("The connection broke while the file was read"));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (signal.aborted) return fail(`The link did not answer within ${Math.round(options.timeoutMs / 1000)} s`);
      const code = error.code ?? "";
      if (code.startsWith("ERR_TLS") || code.includes("CERT") || code === "DEPTH_ZERO_SELF_SIGNED_CERT") return fail(`The site's certificate is not valid for ${url.hostname}`);
      fail(`The link could not be reached (${code || "connection error"})`);
    });
    req.end();
  });
}

/** A file name for the vault record: the last path segment, else the host name. */
function filenameOf(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop();
  let name = url.hostname;
  if (last) {
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  return plainFileName(name, url.hostname);
}
