import "server-only";
import { headers } from "next/headers";
import { config } from "@/lib/config/config";

/** The public origin for server-rendered pages: CAPSULE_PUBLIC_URL when set, else the request's Host. */
export async function pageOrigin(): Promise<string> {
  const cfg = config();
  if (cfg.CAPSULE_PUBLIC_URL) return cfg.CAPSULE_PUBLIC_URL.replace(/\/$/, "");
  const h = await headers();
  const forwardedProto = cfg.CAPSULE_TRUST_PROXY ? h.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const forwardedHost = cfg.CAPSULE_TRUST_PROXY ? h.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost ?? h.get("host") ?? "localhost";
  return `${forwardedProto ?? "http"}://${host}`;
}
