import "server-only";
import { signInOrigins } from "@/lib/auth/server/sign-in-origins";
import { config } from "@/lib/config/config";
import type { ServerEnv } from "@/lib/config/server-env";
import { AppError } from "@/lib/errors/app-error";
import type { RequestHead } from "./request-head";

type HeaderOf = (name: string) => string | null | undefined;
type LinkSettings = Pick<ServerEnv, "CAPSULE_PUBLIC_URL" | "CAPSULE_PUBLIC_ORIGINS" | "CAPSULE_HOST" | "CAPSULE_PORT" | "CAPSULE_TRUST_PROXY">;

/**
 * The origin absolute links are built from, or undefined when none fits. Links come from
 * configuration only, never from the request's Host (a shared cache would serve the links a
 * spoofed Host put in a public answer to everyone): CAPSULE_PUBLIC_URL when set; else, on a
 * loopback-bound server, the loopback origin the request came to (127.0.0.1, localhost or [::1]
 * on CAPSULE_PORT), or the first of them for any other Host. A server bound elsewhere without
 * CAPSULE_PUBLIC_URL has no origin to link to.
 */
export function linkOriginFromHeaders(header: HeaderOf, fallback: { proto: string; host: string }, cfg: LinkSettings = config()): string | undefined {
  if (cfg.CAPSULE_PUBLIC_URL) return cfg.CAPSULE_PUBLIC_URL.replace(/\/$/, "");
  const accepted = acceptedOrigins(cfg);
  if (!accepted.ok) return undefined;
  const forwarded = (name: string) => (cfg.CAPSULE_TRUST_PROXY ? header(name)?.split(",")[0]?.trim() || undefined : undefined);
  const host = forwarded("x-forwarded-host") ?? header("host") ?? fallback.host;
  const asked = originOrUndefined(`${forwarded("x-forwarded-proto") ?? fallback.proto}://${host}`);
  return asked && accepted.origins.includes(asked) ? asked : accepted.origins[0];
}

// settings objects do not change once made (config() is built once a process), so neither do their origins
const acceptedOf = new WeakMap<LinkSettings, ReturnType<typeof signInOrigins>>();
function acceptedOrigins(cfg: LinkSettings): ReturnType<typeof signInOrigins> {
  let accepted = acceptedOf.get(cfg);
  if (!accepted) {
    accepted = signInOrigins(cfg);
    acceptedOf.set(cfg, accepted);
  }
  return accepted;
}

function originOrUndefined(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export const misdirected = () =>
  new AppError("MISDIRECTED_REQUEST", "This server has no public address configured for links (CAPSULE_PUBLIC_URL), so it cannot answer for this host");

/** linkOriginFromHeaders, or 421 MISDIRECTED_REQUEST when no configured origin fits. */
export function originFromHeaders(header: HeaderOf, fallback: { proto: string; host: string }, cfg: LinkSettings = config()): string {
  const origin = linkOriginFromHeaders(header, fallback, cfg);
  if (origin === undefined) throw misdirected();
  return origin;
}

const headOf = (request: RequestHead) => {
  const url = new URL(request.url);
  return [(name: string) => request.headers.get(name), { proto: url.protocol.replace(":", ""), host: url.host }] as const;
};

/** The origin links in an answer to this request use; throws 421 MISDIRECTED_REQUEST when none fits. */
export function publicOrigin(request: RequestHead): string {
  return originFromHeaders(...headOf(request));
}

/** publicOrigin, or undefined when none fits (cache keys, which build no link). */
export function linkOrigin(request: RequestHead): string | undefined {
  return linkOriginFromHeaders(...headOf(request));
}
