import "server-only";
import { headers } from "next/headers";
import { originFromHeaders } from "./public-origin";

/** The public origin for server-rendered pages: CAPSULE_PUBLIC_URL when set, else the request's Host. */
export async function pageOrigin(): Promise<string> {
  const h = await headers();
  return originFromHeaders((name) => h.get(name), { proto: "http", host: "localhost" });
}
