import { endpoints } from "@/features/registry";
import type { Endpoint } from "@/lib/endpoints/define";
import { errorBodySchema, rateLimitHeaders, securitySchemes } from "./components";
import { openApiPath, type JsonSchema } from "./json-schema";
import { operationOf, SchemaNames } from "./operation";

const intro = [
  "The Capsule bridge: capsules, outlets, roles, court cases, rights, ads, the burn pool, the vault and operator metadata.",
  "Reads are public; writes carry a single-use signed action token (security scheme `signedAction`).",
  "Every error is `{ ok: false, error, message, statusCode }`; lists take `page` (from 1) and `limit` (1..100, default 20)",
  "and answer `{ ok: true, items, page, limit, total, hasMore }`. A method a path does not list answers 405 METHOD_NOT_ALLOWED",
  "with `Allow`; OPTIONS answers 204 with `Allow`; an unknown path answers 404 NOT_FOUND and counts toward the public GET limit.",
  "Prose, flows and decisions: docs/API.md.",
].join(" ");

const tagWords: Record<string, string> = {
  system: "Health, configuration and the chain's status",
  meta: "Operator metadata: contracts, configuration keys, signed actions, this document",
  auth: "Signed action tokens and Sign-In with Ethereum session keys",
  outlets: "Outlets and their DNS domain verification",
  roles: "Roles, bonds and who holds them",
  wallet: "A wallet's roles and activity",
  capsules: "Drafts, submission, votes, closing, revisions, evidence and relations",
  court: "Court cases and verdicts",
  distribution: "Distribution tiers of active outlets",
  rights: "Rights listings and licences",
  ads: "Ad campaigns",
  burn: "The burn pool",
  vault: "Content-addressed evidence files",
  bounty: "Same-origin proxy to the bounty read service",
};

/** Everything but the server list, built once per process (the descriptors do not change at run time). */
function buildDocument(list: readonly Endpoint[]) {
  const names = new SchemaNames();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of list) {
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    path[endpoint.method.toLowerCase()] = operationOf(endpoint, names);
  }
  const tags = [...new Set(list.map((endpoint) => endpoint.id.split(".")[0] ?? "api"))].map((name) => ({ name, ...(tagWords[name] ? { description: tagWords[name] } : {}) }));
  return {
    openapi: "3.1.0",
    info: { title: "Capsule bridge API", version: "1", description: intro },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags,
    paths,
    components: { schemas: { ErrorBody: errorBodySchema, ...names.schemas }, headers: rateLimitHeaders, securitySchemes },
  };
}

let cached: ReturnType<typeof buildDocument> | undefined;

/** The OpenAPI 3.1 document of every registered endpoint, served from `origin`. */
export function openApiFor(origin: string, list: readonly Endpoint[] = endpoints) {
  const document = list === endpoints ? (cached ??= buildDocument(list)) : buildDocument(list);
  return { ...document, servers: [{ url: origin }] };
}
