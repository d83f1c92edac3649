import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/database";
import { addressNetwork, addressSite } from "@/lib/http/client-ip";
import { deleteReaderKeysBefore, readerKeyOf } from "@/features/ads/ad-reader-keys.repository";

// Who "one reader" is for counting ad impressions, without storing an address (docs/DECISIONS.md,
// "Ads readers see", "One reader is one network address"): HMAC-SHA256 of the client's address (an
// IPv6 one by its /64, what one subscriber is given) under a random key of the UTC day. The user agent
// is not part of it: a client chooses it freely, so it would let one reader be charged as many. The key lives in SQL (servers sharing a database agree) and is deleted when its day is over:
// the next day's hashes of the same reader differ, and no stored hash can be tied to an address again.

export type Reader = { ip: string; userAgent: string };

export const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The reader's hash and its site's (an IPv6 /48: `siteHash`, for the per-site cap of ./impressions.ts), under the day's key. */
export async function readerHash(db: Db, reader: Reader, now: number): Promise<{ day: string; hash: string; siteHash: string }> {
  const day = utcDay(now);
  const secret = await readerKeyOf(db, day, randomBytes(32).toString("hex"), now);
  await deleteReaderKeysBefore(db, day);
  const keyed = (text: string) => createHmac("sha256", Buffer.from(secret, "hex")).update(text).digest("hex");
  return { day, hash: keyed(addressNetwork(reader.ip)), siteHash: keyed(addressSite(reader.ip)) };
}
