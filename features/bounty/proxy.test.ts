import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { fetchBountyEvaluations } from "./client";
import { viaBountyService } from "./proxy";

// The bridge's reading of the bounty service's failures, against a real HTTP server on loopback that answers as a
// broken or strict service would: 503 BOUNTY_SERVICE_UNREACHABLE only when nothing answers.

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const id = url.searchParams.get("proposalId");
    const json = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (id === "missing") return json(404, { error: { code: "not_found", message: "No such route" } });
    if (id === "state") return json(503, { error: { code: "bounty_state_unavailable", message: "state" } });
    if (id === "garbled") return json(200, { items: "not a list" });
    return json(500, { error: { code: "internal", message: "boom" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failureOf(proposalId: string, url = baseUrl): Promise<AppError> {
  const answer = await viaBountyService(() => fetchBountyEvaluations({ proposalId }, { baseUrl: url })).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(answer).toBeInstanceOf(AppError);
  return answer as AppError;
}

describe("viaBountyService", () => {
  it("answers 502 BOUNTY_BAD_RESPONSE for a 404 of the service, which the bridge only sends to routes it has", async () => {
    const error = await failureOf("missing");
    expect([error.statusCode, error.code]).toEqual([502, "BOUNTY_BAD_RESPONSE"]);
    expect(error.message).toContain("404 (not_found)");
  });

  it("answers 503 BOUNTY_STATE_UNAVAILABLE when the service cannot read its state", async () => {
    const error = await failureOf("state");
    expect([error.statusCode, error.code]).toEqual([503, "BOUNTY_STATE_UNAVAILABLE"]);
  });

  it("answers 502 BOUNTY_BAD_RESPONSE for an error the bridge does not expect, naming its status and code", async () => {
    const error = await failureOf("other");
    expect([error.statusCode, error.code]).toEqual([502, "BOUNTY_BAD_RESPONSE"]);
    expect(error.message).toContain("500 (internal)");
  });

  it("answers 502 BOUNTY_BAD_RESPONSE for a body it does not understand", async () => {
    const error = await failureOf("garbled");
    expect([error.statusCode, error.code]).toEqual([502, "BOUNTY_BAD_RESPONSE"]);
  });

  it("answers 503 BOUNTY_SERVICE_UNREACHABLE only when nothing answers", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf("any", `http://127.0.0.1:${port}`);
    expect([error.statusCode, error.code]).toEqual([503, "BOUNTY_SERVICE_UNREACHABLE"]);
  });
});
