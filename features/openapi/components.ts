import { errorStatus } from "@/lib/errors/app-error";

// Shared parts of the OpenAPI document: the seed's error body, the rate-limit headers and the
// signed-action security scheme (docs/ARCHITECTURE.md, "Signed action tokens").

export const tokenFormat = [
  "A single-use signed action: `base64url(UTF-8 JSON of payload) + \".\" + signature` (0x-hex, 65 bytes).",
  "Payload `{ v: 1, wallet, action, method, path, bodyHash, nonce, issuedAt, expiresAt [, delegation] }`: `action` is the",
  "operation's `x-capsule-action`, `path` the request path as sent with its query string (`/api/capsules?status=draft`), `bodyHash` keccak256 of the exact body bytes, `nonce`",
  "32 random bytes, `expiresAt - issuedAt` at most 300 s (60 s clock skew tolerated). The signature is EIP-712",
  "`signTypedData` by `wallet` (or by a session key it delegated with Sign-In with Ethereum, carried in `delegation`)",
  "over domain `{ name: \"Capsule Bridge\", version: \"1\", chainId: 77117002 }`, primary type `Action(address wallet,",
  "string action, string method, string path, bytes32 bodyHash, bytes32 nonce, uint64 issuedAt, uint64 expiresAt)`.",
  "A HEAD request takes a token signed for its GET. Missing, malformed, expired, replayed or mismatched → 401 UNAUTHORIZED; a signature that does not recover → 401 INVALID_SIGNATURE.",
].join(" ");

export const securitySchemes = {
  signedAction: { type: "http", scheme: "bearer", bearerFormat: "Capsule signed action token", description: tokenFormat },
};

export const errorBodySchema = {
  type: "object",
  description: "The seed's error body. VALIDATION_ERROR adds `issues`; some errors add fields named in docs/API.md (retryAfter, bondRequired, bonded, caseId, opensAt, closesAt).",
  required: ["ok", "error", "message", "statusCode"],
  properties: {
    ok: { const: false },
    error: { type: "string", enum: Object.keys(errorStatus) },
    message: { type: "string" },
    statusCode: { type: "integer" },
    issues: {
      type: "array",
      items: { type: "object", required: ["path", "message"], properties: { path: { type: "string" }, message: { type: "string" } } },
    },
  },
};

export const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed in the current window", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" } },
};

export const headerRefs = Object.fromEntries(Object.keys(rateLimitHeaders).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Headers of conditional reads (descriptor `conditional`; docs/API.md "Caching"). */
export const cacheHeaders = {
  ETag: { description: "Strong entity tag over the rows the answer is built from; absent on signed (draft) reads", schema: { type: "string" } },
  "Cache-Control": {
    description: "`public, max-age=<CAPSULE_HTTP_CACHE_MAX_AGE>, stale-while-revalidate=<CAPSULE_HTTP_CACHE_SWR>` for settled capsules (finalized, rejected, superseded), `public, no-cache` for data that still changes, `private, no-store` for signed reads",
    schema: { type: "string" },
  },
};

export const ifNoneMatchParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "Entity tags (or `*`) from earlier answers; when one matches (weak comparison, RFC 9110 §13.1.2) the answer is 304 with no body",
  schema: { type: "string" },
};
