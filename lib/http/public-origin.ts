import "server-only";
import { config } from "@/lib/config/config";

/** The origin clients use: CAPSULE_PUBLIC_URL when set, else the Host the request came to. */
export function publicOrigin(request: Request): string {
  const cfg = config();
  if (cfg.CAPSULE_PUBLIC_URL) return cfg.CAPSULE_PUBLIC_URL.replace(/\/$/, "");
  const forwardedProto = cfg.CAPSULE_TRUST_PROXY ? request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const forwardedHost = cfg.CAPSULE_TRUST_PROXY ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost ?? request.headers.get("host") ?? new URL(request.url).host;
  const proto = forwardedProto ?? new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}
