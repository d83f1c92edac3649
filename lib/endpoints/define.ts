import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors/app-error";
import type { RoleRule } from "./role-rule";

// One descriptor per endpoint. Everything about an endpoint that is not its handler
// lives here: the route wrapper (lib/http/endpoint-route.ts), the typed client (lib/api/client.ts),
// the action catalogue (features/action-catalog.ts) and the OpenAPI document all read the same object.
// Importable by browser code: nothing here touches the server.

export type HttpMethod = "GET" | "POST";

/**
 * Per-request limits the wrapper applies (values from the environment, lib/rate-limit/rules.ts):
 * `public-get` per client IP; `signed-write` per session and per IP (failed authentications per IP
 * too); `signed-read` a signed POST that only reads (the inbox), on the public-GET budget per session and per client IP;
 * `sign-in` per IP for the unsigned session sign-in. Extras: `vote` (per session, enforced
 * by the wrapper) and `submit` (per outlet, counted by the service after its checks).
 */
export type RateLimitName = "public-get" | "signed-write" | "signed-read" | "sign-in" | "vote" | "submit";

type Schema = z.ZodType;

export type EndpointSpec = {
  /** Stable id, `<area>.<name>` (the OpenAPI operationId). */
  id: string;
  method: HttpMethod;
  /** Express-style template: `/api/capsules/:id`. */
  path: `/api/${string}`;
  summary: string;
  /** Longer prose for the reference (optional). */
  description?: string;
  /** Signed writes: the action name the token must carry (docs/ARCHITECTURE.md, "Signed action tokens"). */
  action?: string;
  /** Who may call a signed write, enforced by the wrapper; absent on a signed route = any signed wallet. */
  roles?: RoleRule;
  /** Rules the service still enforces beyond `roles`, for the reference and /api/meta/action-keys. */
  rolesNote?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema;
  /** Success status (default 200). */
  status?: 200 | 201;
  /** Other statuses answered with the same response body (e.g. 503 when degraded). */
  alsoAnswers?: ReadonlyArray<{ status: number; description: string }>;
  /** `json-or-bytes`: a query switch answers the stored bytes instead (vault downloads); `event-stream`: Server-Sent Events whose `data:` lines parse with `response`. */
  produces?: "json" | "json-or-bytes" | "event-stream";
  rateLimit: readonly RateLimitName[];
  /** Error codes the handler can answer beyond those the wrapper adds itself (see errorCodesOf). */
  errors: readonly ErrorCode[];
  /** Body cap when it differs from CAPSULE_MAX_BODY_BYTES, named so the wrapper reads it from config. */
  bodyLimit?: "vault-upload";
  /**
   * Reads that can show drafts (drafts are private, docs/ARCHITECTURE.md, "Where truth lives"): an optional signed read with action
   * DRAFT_READ_ACTION names the viewer; `capsuleParam` names the path parameter holding a capsule
   * id the viewer must be allowed to see (otherwise 404 CAPSULE_NOT_FOUND, as for a missing id).
   * `tokenRequired`: the read is never anonymous (the handler answers 401 without a token), so the
   * route table and the OpenAPI document do not call it public.
   */
  privateDrafts?: { capsuleParam?: string; tokenRequired?: true };
  /**
   * GET answers with a strong ETag over what they are built from and a 304 to a matching
   * If-None-Match (anonymous reads only; docs/API.md "Caching"); the handler returns `conditional(…)`.
   */
  conditional?: true;
  /**
   * A sample request: path parameters and a body the descriptor's schemas accept (a unit test checks
   * it). The reference shows it, and the registry tests send it, with the ids of their own records.
   */
  example?: { params?: Record<string, string>; body?: Readonly<Record<string, unknown>> };
};

export type Endpoint = EndpointSpec;

/** The action of a signed read (GET with a token): the reader's wallet may see its own and its outlets' drafts. */
export const DRAFT_READ_ACTION = "capsules.drafts.read";
export type SignedEndpoint = EndpointSpec & { action: string; method: "POST" };

export function defineEndpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Field<E, K extends keyof EndpointSpec> = E extends { [P in K]: infer S extends Schema } ? S : undefined;
export type ParamsSchemaOf<E> = Field<E, "params">;
export type QuerySchemaOf<E> = Field<E, "query">;
export type BodySchemaOf<E> = Field<E, "body">;
export type ResponseOf<E extends { response: Schema }> = z.output<E["response"]>;

/** The wrapper's own answers, added to every descriptor's `errors`. */
export function errorCodesOf(endpoint: EndpointSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body) codes.add("VALIDATION_ERROR");
  if (endpoint.method === "POST") {
    codes.add("VALIDATION_ERROR");
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  // a signed request is refused 403 when signed by the operator's wallet while its key is public
  if (endpoint.privateDrafts) {
    codes.add("UNAUTHORIZED");
    codes.add("INVALID_SIGNATURE");
    codes.add("FORBIDDEN");
    if (endpoint.privateDrafts.capsuleParam) codes.add("CAPSULE_NOT_FOUND");
  }
  if (endpoint.action) {
    codes.add("UNAUTHORIZED");
    codes.add("INVALID_SIGNATURE");
    codes.add("FORBIDDEN");
  }
  if (endpoint.roles) {
    const anyOf = endpoint.roles.anyOf ?? [];
    if (anyOf.length > 0 || endpoint.roles.submitterOnly) codes.add("FORBIDDEN");
    if (endpoint.roles.bonded || endpoint.roles.walletBond) codes.add("INSUFFICIENT_BOND");
    codes.add(scopeNotFound[endpoint.roles.at]);
    if (endpoint.roles.walletBond) codes.add("CHAIN_UNAVAILABLE");
  }
  codes.add("RATE_LIMITED");
  return [...codes];
}

const scopeNotFound = {
  bodyOutlet: "OUTLET_NOT_FOUND",
  capsuleOutlet: "CAPSULE_NOT_FOUND",
  bodyCapsuleOutlet: "CAPSULE_NOT_FOUND",
  caseCapsuleOutlet: "CASE_NOT_FOUND",
} as const satisfies Record<RoleRule["at"], ErrorCode>;
