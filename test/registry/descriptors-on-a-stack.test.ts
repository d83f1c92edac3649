import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Hex } from "viem";
import { pathOf } from "@/lib/api/request";
import type { Endpoint } from "@/lib/endpoints/define";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { endpointList } from "@/features/registry";
import { forbiddenMessage, insufficientBondMessage, notSubmitterMessage, type RoleRule } from "@/lib/endpoints/role-rule";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { bondRequired, ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { activeOutlet, addr, courtChain, finalizedCapsule, juryDriver, type CourtContracts } from "@/features/court/court.test-support";
import { fuzzCases } from "./support/fuzz-cases";
import { isErrorBody, rawRequest } from "./support/raw-http";
import { restricted, roleSample, type Scene } from "./support/role-samples";

// What the descriptors declare, checked against a running stack on SQLite and PostgreSQL: every
// path of the served OpenAPI document answers (never 404); every signed route's declared roles
// are enforced (a wallet lacking them gets 403); and a bounded fuzz of every route never gets a
// 5xx and always gets the seed's error body on a 4xx.

const dialects = await dialectsUnderTest();
const [ownerKey, disputerKey, thinKey, strangerKey] = [devKeys[1], devKeys[2], devKeys[3], devKeys[9]] as [Hex, Hex, Hex, Hex];
const SLUG = "registry-ledger";
const THIN = "registry-thin";

describe.each(dialects)("the endpoint descriptors on a running stack (%s)", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: ReturnType<typeof bridgeClient>;
  let scene: Scene;
  let thinDraftId = "";
  let objectId = "";

  /** Path parameters that name existing records (capsule, case, outlet, wallet, vault object). */
  const sampleParams = (endpoint: Endpoint): Record<string, string> => {
    const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "");
    const value = (name: string) =>
      ({ id: endpoint.id.startsWith("court.") ? scene.caseId : scene.draftId, capsuleId: scene.draftId, slug: SLUG, outletSlug: SLUG, wallet: addr(ownerKey), address: addr(ownerKey), objectId })[name] ?? "1";
    return Object.fromEntries(names.map((name) => [name, value(name)]));
  };

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "100000", CAPSULE_RATE_WRITE_PER_MIN: "100000", CAPSULE_RATE_AUTH_FAILURES_PER_MIN: "100000" } }));
    const contracts = (await api.call(contractsSummary, {})).contracts as unknown as CourtContracts & Record<"juryCourt", { address: `0x${string}` }>;
    const chain = courtChain(stack, contracts);
    const jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(disputerKey, "10");
    await activeOutlet(api, dns, ownerKey, SLUG);
    const finalized = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Registry ledger opens", category: "politics" });
    const draft = await api.call(capsuleCreate, { body: { title: "A draft", body: "Still being written.", outletSlug: SLUG } }, ownerKey);
    await jury.seatBench(dns, "registry-bench"); // the jury pool the case is opened with
    const opened = await jury.dispute(disputerKey, finalized.capsuleId, { grounds: "The opening date in the first line is wrong." });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    // an outlet whose owner holds an unbonded Editor role (no deposit before creating it)
    await api.call(outletCreate, { body: { slug: THIN, name: "Thin desk", domain: `${THIN}.example.org` } }, thinKey);
    thinDraftId = (await api.call(capsuleCreate, { body: { title: "Thin draft", body: "At a pending outlet.", outletSlug: THIN } }, thinKey)).capsuleId;
    objectId = (await api.call(vaultUpload, { body: { filename: "note.txt", mimeType: "text/plain", contentBase64: Buffer.from("registry note\n").toString("base64") } }, ownerKey)).object.objectId;
    scene = { outletSlug: SLUG, draftId: draft.capsuleId, finalizedId: finalized.capsuleId, caseId: opened.body.case.caseId, stranger: addr(strangerKey) };
  });
  afterAll(async () => {
    await stopDesk?.();
  });

  it("serves a valid OpenAPI 3.1 document whose every operation answers on this stack (never 404)", async () => {
    const served = await rawRequest(stack.baseUrl, { method: "GET", path: pathOf(openApiDocument) });
    expect(served.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(served.body as Parameters<Validator["validate"]>[0]);
    expect(result.valid, JSON.stringify(result.errors)).toBe(true);
    const document = served.body as { paths: Record<string, Record<string, { operationId: string }>>; servers: Array<{ url: string }> };
    expect(document.servers[0]?.url).toBe(stack.baseUrl);
    let checked = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const endpoint = endpointList.find((e) => e.id === operation.operationId);
        expect(endpoint, operation.operationId).toBeDefined();
        // an anonymous read of a draft is a 404 (drafts are private): reads use the finalized capsule
        const sample = (name: string) => {
          const value = endpoint ? (sampleParams(endpoint)[name] ?? "") : "";
          return method === "get" && value === scene.draftId ? scene.finalizedId : value;
        };
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sample(name)));
        if (endpoint?.produces === "event-stream") {
          // a stream never ends: its answer is the status and the media type, then the test hangs up
          const controller = new AbortController();
          const stream = await fetch(`${stack.baseUrl}${path}`, { signal: controller.signal });
          expect(stream.status, `GET ${path}`).toBe(200);
          expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
          controller.abort();
          checked++;
          continue;
        }
        const res = await rawRequest(stack.baseUrl, { method: method.toUpperCase(), path, body: method === "post" ? "{}" : undefined });
        // reads answer their record; writes without a token 401 (the unsigned sign-in: 400 for the empty body)
        // the scene's jury case is in its evidence period: the appeal quote answers that it has no appeal yet;
        // a webhook's deliveries are read only when signed by its partner or the operator, the list of webhooks by the operator
        const readStatus = ({ "court.appeal": 409, "partners.webhook-deliveries": 401, "partners.list-webhooks": 401 } as Record<string, number>)[endpoint?.id ?? ""] ?? 200;
        const expected = method === "get" ? readStatus : endpoint?.action ? 401 : 400;
        expect(res.status, `${method.toUpperCase()} ${path}: ${res.text.slice(0, 200)}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBe(endpointList.length);
  });

  it("enforces every descriptor's declared roles: a wallet lacking them gets 403", async () => {
    const list = restricted(endpointList);
    expect(list.length).toBeGreaterThan(10);
    for (const endpoint of list) {
      const input = roleSample(endpoint, scene);
      expect(input, `a sample request in the descriptor of ${endpoint.id} (its example)`).toBeDefined();
      if (!input || !endpoint.roles) continue;
      const res = await api.send(endpoint, { params: input.params, body: input.body } as never, strangerKey);
      const rule: RoleRule = endpoint.roles;
      // a case's rule speaks of the case's capsule (the scene's case is on the finalized capsule)
      const capsuleId = rule.at === "caseCapsuleOutlet" ? Number(scene.finalizedId) : Number(input.params?.id ?? (input.body as { capsuleId?: string }).capsuleId ?? Number.NaN);
      const subject = {
        outletSlug: SLUG,
        capsuleId: rule.at === "capsuleOutlet" || rule.at === "bodyCapsuleOutlet" || rule.at === "caseCapsuleOutlet" ? capsuleId : undefined,
        wallet: addr(strangerKey),
      };
      const [code, message] =
        rule.submitterOnly ? ["FORBIDDEN", notSubmitterMessage(rule, subject)]
        : (rule.anyOf ?? []).length > 0 ? ["FORBIDDEN", forbiddenMessage(rule, subject)]
        : ["INSUFFICIENT_BOND", insufficientBondMessage(rule, subject)];
      expect(res.status, `${endpoint.id}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body, endpoint.id).toMatchObject({ ok: false, error: code, message, statusCode: 403 });
    }
  });

  it("answers 403 INSUFFICIENT_BOND when the qualifying role is not bonded (an owner's Editor role without a deposit)", async () => {
    const res = await api.send(capsuleVote, { params: { id: thinDraftId }, body: { support: true, deadline: "1", signature: `0x${"11".repeat(65)}` } }, thinKey);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      ok: false,
      error: "INSUFFICIENT_BOND",
      message: insufficientBondMessage(capsuleVote.roles, { outletSlug: THIN, capsuleId: Number(thinDraftId), wallet: addr(thinKey) }, "Editor"),
      statusCode: 403,
      bondRequired: bondRequired(ROLE.EDITOR).toString(),
    });
  });

  it("answers every fuzzed request below 500, and every 4xx in the seed's error body", async () => {
    const cases = fuzzCases(endpointList, sampleParams);
    expect(cases.length).toBeGreaterThan(800);
    const failures: string[] = [];
    for (const c of cases) {
      const headers: Record<string, string> = {};
      if (c.sign) headers.authorization = `Bearer ${await signedToken(strangerKey, c.endpoint.action ?? "", c.path, c.body === "" ? undefined : c.body)}`;
      const res = await rawRequest(stack.baseUrl, { method: c.method, path: c.path, body: c.body, headers });
      const where = `${c.method} ${c.path.slice(0, 80)} (${c.endpoint.id}, ${c.note}) → ${res.status} ${res.text.slice(0, 160)}`;
      if (res.status >= 500) failures.push(where);
      else if (res.status >= 400 && c.method !== "HEAD" && !isErrorBody(res.body, res.status)) failures.push(`not the error body: ${where}`);
    }
    expect(failures).toEqual([]);
  }, 360_000); // 800+ sequential requests, each signed: minutes on a busy two-core machine
});
