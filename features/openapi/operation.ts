import type { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/errors/app-error";
import { errorCodesOf, type Endpoint, type RateLimitName } from "@/lib/endpoints/define";
import { describeRule } from "@/lib/endpoints/role-rule";
import { cacheHeaders, headerRefs, ifNoneMatchParameter } from "./components";
import { jsonSchemaOf, parametersOf, type JsonSchema } from "./json-schema";

/** Shared request and response schemas, named once and referenced from every operation that uses them. */
export class SchemaNames {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<z.ZodType, string>();

  ref(schema: z.ZodType, io: "input" | "output", name: string): JsonSchema {
    const key = this.names.get(schema) ?? name;
    if (!this.names.has(schema)) {
      this.names.set(schema, key);
      this.schemas[key] = jsonSchemaOf(schema, io);
    }
    return { $ref: `#/components/schemas/${key}` };
  }
}

const pascal = (id: string) => id.split(/[.-]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");

const limitWords: Record<RateLimitName, string> = {
  "public-get": "public GET limit per client IP",
  "signed-write": "signed-write limits per session and per client IP (failed authentications counted per IP)",
  "signed-read": "the public-GET limit, counted per signed session and per client IP (a signed POST that only reads)",
  "sign-in": "unsigned-write limit per client IP",
  vote: "votes per session per hour",
  submit: "submission vouchers per outlet per hour (counted after the checks)",
};

function errorResponses(endpoint: Endpoint): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => [
      String(status),
      {
        description: codes.join(", "),
        headers: status === 429 ? { ...headerRefs, "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } : headerRefs,
        content: {
          "application/json": {
            schema: { allOf: [{ $ref: "#/components/schemas/ErrorBody" }, { properties: { error: { enum: codes }, statusCode: { const: status } } }] },
            example: { ok: false, error: codes[0], message: "A sentence that says what went wrong and what to do", statusCode: status },
          },
        },
      },
    ]),
  );
}

/** One OpenAPI operation from one descriptor. */
export function operationOf(endpoint: Endpoint, names: SchemaNames): JsonSchema {
  const base = pascal(endpoint.id);
  const json = { "application/json": { schema: names.ref(endpoint.response, "output", `${base}Response`) } };
  const success = {
    [String(endpoint.status ?? 200)]: {
      description: endpoint.produces === "json-or-bytes" ? "The record; with download=1 the stored bytes" : endpoint.produces === "event-stream" ? "A stream of Server-Sent Events; each `data:` line is one JSON object of this schema" : "Success",
      headers: endpoint.conditional ? { ...headerRefs, ...cacheHeaders } : headerRefs,
      content:
        endpoint.produces === "json-or-bytes"
          ? { ...json, "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } }
          : endpoint.produces === "event-stream"
            ? { "text/event-stream": json["application/json"] }
            : json,
    },
    ...Object.fromEntries((endpoint.alsoAnswers ?? []).map((other) => [String(other.status), { description: other.description, headers: headerRefs, content: json }])),
    ...(endpoint.conditional ? { "304": { description: "Not Modified: If-None-Match named the current ETag; no body", headers: { ...headerRefs, ...cacheHeaders } } } : {}),
  };
  const who = endpoint.action ? `${describeRule(endpoint.roles)}${endpoint.rolesNote ? `; ${endpoint.rolesNote}` : ""}` : undefined;
  const description = [
    endpoint.description,
    who ? `**Signed action** \`${endpoint.action}\` — who may call: ${who}.` : undefined,
    `Limits: ${endpoint.rateLimit.map((name) => limitWords[name]).join("; ")}.`,
  ].filter(Boolean).join("\n\n");
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description,
    tags: [endpoint.id.split(".")[0] ?? "api"],
    parameters: [...parametersOf(endpoint.params, "path"), ...parametersOf(endpoint.query, "query"), ...(endpoint.conditional ? [ifNoneMatchParameter] : [])],
    ...(endpoint.body ? { requestBody: { required: true, content: { "application/json": { schema: names.ref(endpoint.body, "input", `${base}Body`), ...(endpoint.example?.body ? { example: endpoint.example.body } : {}) } } } } : {}),
    responses: { ...success, ...errorResponses(endpoint) },
    // A signed read: `{}` (no token) or a signedAction token naming the viewer; only the token when the read is never anonymous.
    security: endpoint.action || endpoint.privateDrafts?.tokenRequired ? [{ signedAction: [] }] : endpoint.privateDrafts ? [{}, { signedAction: [] }] : [],
    ...(endpoint.action ? { "x-capsule-action": endpoint.action, "x-capsule-roles": who } : {}),
    "x-capsule-rate-limits": [...endpoint.rateLimit],
  };
}
