import { createHmac, timingSafeEqual } from "node:crypto";

// X-Hub-Signature of WebSub content distribution (W3C WebSub §8): `sha256=` and the hex HMAC of the
// exact body bytes keyed with the subscriber's hub.secret.

export const hubSignature = (secret: string, body: string): string => `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;

/** The subscriber's side: does `header` sign `body` with `secret`? */
export function verifyHubSignature(secret: string, body: string, header: string | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(hubSignature(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
