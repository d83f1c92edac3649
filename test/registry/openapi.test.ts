import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { errorCodesOf } from "@/lib/endpoints/define";
import { openApiFor } from "@/features/openapi/document";
import { openApiPath } from "@/features/openapi/json-schema";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { partnersListWebhooks } from "@/features/partners/list-webhooks.endpoint";
import { partnersWebhookDeliveries } from "@/features/partners/webhook-deliveries.endpoint";
import { apiRouteTable } from "@/features/api-route-table";
import { endpointList as endpoints } from "@/features/registry";
import { errorStatus } from "@/lib/errors/app-error";

// The OpenAPI document generated from the descriptors: valid OpenAPI 3.1, one operation per
// descriptor with its parameters, body, responses (the error body per status) and security.

type Operation = {
  operationId: string;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: Array<Record<string, string[]>>;
  "x-capsule-action"?: string;
};

const document = openApiFor("http://127.0.0.1:3000");
const operation = (path: string, method: string) => (document.paths[openApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1 with a maintained validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has one operation per descriptor, with its parameters, body and success response", () => {
    for (const endpoint of endpoints) {
      const op = operation(endpoint.path, endpoint.method);
      expect(op, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      if (!op) continue;
      expect(op.operationId).toBe(endpoint.id);
      const pathNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(op.parameters.filter((p) => p.in === "path").map((p) => p.name).sort(), endpoint.id).toEqual(pathNames.sort());
      expect(op.parameters.filter((p) => p.in === "path").every((p) => p.required)).toBe(true);
      expect(op.requestBody !== undefined, endpoint.id).toBe(endpoint.body !== undefined);
      const mediaType = endpoint.produces === "event-stream" ? "text/event-stream" : "application/json";
      expect(op.responses[String(endpoint.status ?? 200)]?.content?.[mediaType], endpoint.id).toBeDefined();
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item as object));
    expect(operations).toHaveLength(endpoints.length);
  });

  it("documents the seed's error body for every status an endpoint can answer", () => {
    for (const endpoint of endpoints) {
      const op = operation(endpoint.path, endpoint.method);
      const statuses = new Set(errorCodesOf(endpoint).map((code) => String(errorStatus[code])));
      expect(statuses.has("429"), endpoint.id).toBe(true);
      for (const status of statuses) {
        const schema = JSON.stringify(op?.responses[status]?.content?.["application/json"]?.schema);
        expect(schema, `${endpoint.id} ${status}`).toContain("#/components/schemas/ErrorBody");
      }
    }
    expect(document.components.schemas.ErrorBody).toMatchObject({ required: ["ok", "error", "message", "statusCode"] });
  });

  it("marks signed writes with the bearer action-token scheme and their action", () => {
    expect(document.components.securitySchemes.signedAction).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.signedAction.description).toMatch(/EIP-712/);
    for (const endpoint of endpoints) {
      const op = operation(endpoint.path, endpoint.method);
      if (endpoint.action) {
        expect(op?.security, endpoint.id).toEqual([{ signedAction: [] }]);
        expect(op?.["x-capsule-action"]).toBe(endpoint.action);
        expect(op?.responses["401"], endpoint.id).toBeDefined();
      } else if (endpoint.privateDrafts?.tokenRequired) {
        expect(op?.security, endpoint.id).toEqual([{ signedAction: [] }]);
        expect(op?.responses["401"], endpoint.id).toBeDefined();
      } else if (endpoint.privateDrafts) {
        expect(op?.security, endpoint.id).toEqual([{}, { signedAction: [] }]);
      } else {
        expect(op?.security, endpoint.id).toEqual([]);
      }
    }
  });

  it("declares the optional signed read (capsules.drafts.read) as optional: no token, or a signedAction token", () => {
    const optional = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).filter(([, op]) => JSON.stringify(op.security) === JSON.stringify([{}, { signedAction: [] }])).map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const expected = endpoints.filter((e) => e.privateDrafts && !e.privateDrafts.tokenRequired).map((e) => `${e.method} ${openApiPath(e.path)}`);
    expect(expected.length).toBeGreaterThanOrEqual(14);
    expect(optional.sort()).toEqual(expected.sort());
    expect(endpoints.filter((e) => e.privateDrafts).every((e) => e.method === "GET")).toBe(true);
    expect(operation(capsuleRead.path, capsuleRead.method)?.security).toEqual([{}, { signedAction: [] }]);
  });

  it("declares the reads that answer 401 without a token (partner webhooks) as signed only, in the document and in docs/API.md's route table", () => {
    const table = apiRouteTable().split("\n");
    for (const endpoint of [partnersListWebhooks, partnersWebhookDeliveries]) {
      expect(operation(endpoint.path, endpoint.method)?.security, endpoint.id).toEqual([{ signedAction: [] }]);
      const row = table.find((line) => line.startsWith(`| ${endpoint.method} | \`${endpoint.path}\` |`));
      expect(row, endpoint.id).toBeDefined();
      expect(row?.split(" | ")[2], endpoint.id).toMatch(/^signed read only/);
    }
  });

  it("documents the errors docs/API.md gives these writes: a taken article address or a draft changed mid-submission (409), an overlapping exclusive listing (409) and an unreachable node (503)", () => {
    const codesAt = (endpoint: typeof capsuleUpdate | typeof capsuleSubmit | typeof rightsCreate, status: string) =>
      JSON.stringify(operation(endpoint.path, endpoint.method)?.responses[status]);
    expect(codesAt(capsuleUpdate, "409")).toContain('"CONFLICT"');
    expect(codesAt(capsuleSubmit, "409")).toContain('"CONFLICT"');
    expect(codesAt(rightsCreate, "409")).toContain('"CONFLICT"');
    expect(codesAt(rightsCreate, "503")).toContain('"CHAIN_UNAVAILABLE"');
  });

  it("lists the paging parameters of every paged list", () => {
    const paged = endpoints.filter((e) => e.query && "shape" in e.query && "page" in (e.query.shape as object));
    expect(paged.length).toBeGreaterThan(10);
    for (const endpoint of paged) {
      const names = operation(endpoint.path, endpoint.method)?.parameters.filter((p) => p.in === "query").map((p) => p.name);
      expect(names, endpoint.id).toEqual(expect.arrayContaining(["page", "limit"]));
    }
  });
});
