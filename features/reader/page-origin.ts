import "server-only";
import { headers } from "next/headers";
import { linkOriginFromHeaders } from "@/lib/http/public-origin";

/** In a metadata route or a page (Next's request headers): the configured public origin for this request's links, or undefined on a server that has none (then no links). */
export async function requestLinkOrigin(): Promise<string | undefined> {
  const head = await headers();
  return linkOriginFromHeaders((name) => head.get(name), { proto: "http", host: head.get("host") ?? "localhost" });
}
