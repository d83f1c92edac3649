import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { outletList } from "@/features/outlets/list.endpoint";
import { outletRead } from "@/features/outlets/read.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, staffedDesk, type Api, type Json } from "./capsules.test-support";

// Issue 16 item 2: conditional reads on a real stack (anvil, the indexer, SQLite and PostgreSQL).
// An ETag changes when an indexed status change or vote changes the answer, stays when it does not,
// a matching If-None-Match (strong, weak, in a list, *) is a 304 with no body, and signed draft
// reads are never tagged nor shared-cacheable.

const dialects = await dialectsUnderTest();
const [ownerKey, editorKey] = [devKeys[1], devKeys[2]] as [Hex, Hex];
const editor = addr(editorKey);
const SLUG = "etag-desk";

describe.each(dialects)("conditional reads on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let capsuleId = "";
  // the paths are built from the descriptors; the reads go through `api.get`/`api.raw` because these
  // tests are about the conditional headers on the wire
  const listPath = `${pathOf(capsuleList)}?outlet=${SLUG}`;
  const readPath = () => pathOf(capsuleRead, { id: capsuleId });
  const votesPath = () => pathOf(capsuleVotes, { id: capsuleId });
  const historyPath = () => pathOf(capsuleHistory, { id: capsuleId });
  const openApiPath = (endpoint: { path: string }) => endpoint.path.replace(/:(\w+)/g, "{$1}");
  const tags: Record<string, string> = {};

  const etagOf = async (path: string) => {
    const res = await api.get<Json>(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    return { etag: etag!, res };
  };

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" } }));
    chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({ api, chain, dns, ownerKey, slug: SLUG, bonds: [[ownerKey, "400"], [editorKey, "300"]], roles: [[editorKey, ROLE.EDITOR]] });
    const created = await api.send(capsuleCreate, { body: {
      title: "Bridge closes for repairs",
      body: "Works start on Monday.",
      outletSlug: SLUG,
      contributors: [{ wallet: addr(ownerKey), displayName: "Olga Owner", role: 3, contributionType: "author", shareBps: 10_000 }],
    } }, ownerKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    capsuleId = created.body.capsuleId;
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("never tags a signed draft read, and keeps it out of shared caches", async () => {
    const { etag } = await etagOf(listPath);
    tags.listOfDraft = etag;
    const signed = await api.send(capsuleRead, { params: { id: capsuleId } }, ownerKey);
    expect(signed.status).toBe(200);
    expect(signed.body.capsule.status).toBe("draft");
    expect(signed.headers.get("etag")).toBeNull();
    expect(signed.headers.get("cache-control")).toBe("private, no-store");
    expect(signed.headers.get("vary")).toMatch(/authorization/i);
  });

  it("changes the list's tag when the indexer projects the submission (status change)", async () => {
    const voucher = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey);
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    await chain.submitOnChain(ownerKey, voucher.body);
    await eventually(async () => ((await api.get<Json>(readPath())).body.capsule?.status === "pending" ? true : undefined), "capsule pending");
    const { etag, res } = await etagOf(listPath);
    expect(res.body.items.map((c: Json) => c.id)).toEqual([capsuleId]);
    expect(etag).not.toBe(tags.listOfDraft);
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    tags.list = etag;
  });

  it("tags a pending capsule's reads as changing data, publicly cacheable and varying on Authorization", async () => {
    for (const [name, path] of [["read", readPath()], ["votes", votesPath()], ["history", historyPath()]] as const) {
      const { etag, res } = await etagOf(path);
      expect(res.headers.get("cache-control"), name).toBe("public, no-cache");
      expect(res.headers.get("vary"), name).toMatch(/authorization/i);
      // stable while nothing changes
      expect((await etagOf(path)).etag, name).toBe(etag);
      tags[name] = etag;
    }
  });

  it("answers 304 with no body to a matching If-None-Match, in every form RFC 9110 allows", async () => {
    const path = readPath();
    for (const header of [tags.read!, `W/${tags.read}`, `"stale", ${tags.read}`, `"a,b",W/${tags.read} , "c"`, "*"]) {
      const res = await api.get(path, { "if-none-match": header });
      expect(res.status, header).toBe(304);
      expect(res.text, header).toBe("");
      expect(res.headers.get("etag"), header).toBe(tags.read);
      expect(res.headers.get("cache-control"), header).toBe("public, no-cache");
      expect(res.headers.get("ratelimit-limit"), header).toBe("5000");
    }
    const miss = await api.get<Json>(path, { "if-none-match": '"stale", W/"other"' });
    expect(miss.status).toBe(200);
    expect(miss.body.capsuleId).toBe(capsuleId);
    const head = await api.raw("HEAD", path, { headers: { "if-none-match": tags.read! } });
    expect(head.status).toBe(304);
  });

  it("changes the tags a vote changes, once the indexer has projected it, and only those", async () => {
    const ballot = await chain.ballot(editorKey, capsuleId, true);
    const voted = await api.send(capsuleVote, { params: { id: capsuleId }, body: ballot }, editorKey);
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    const path = readPath();
    const after = await eventually(async () => {
      const res = await api.get<Json>(path, { "if-none-match": tags.read! });
      return res.status === 200 && res.body.capsule.yesVotes !== "0" ? res : undefined;
    }, "the vote in the read");
    const etagB = after.headers.get("etag")!;
    expect(etagB).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(etagB).not.toBe(tags.read);
    expect(after.body.capsule.yesVotes).toBe("300000000000000000000");

    const hit = await api.get(path, { "if-none-match": etagB });
    expect(hit.status).toBe(304);
    expect(hit.text).toBe("");
    expect(hit.headers.get("etag")).toBe(etagB);

    const votes = await etagOf(votesPath());
    expect(votes.etag).not.toBe(tags.votes);
    expect(votes.res.body.total).toBe(1);
    expect((await api.get(votesPath(), { "if-none-match": tags.votes! })).status).toBe(200);
    expect((await api.get(votesPath(), { "if-none-match": votes.etag })).status).toBe(304);
    expect((await etagOf(listPath)).etag).not.toBe(tags.list);
    // the history shows no tally: same answer, same tag
    expect((await etagOf(historyPath())).etag).toBe(tags.history);
    expect((await api.get(historyPath(), { "if-none-match": tags.history! })).status).toBe(304);
  });

  it("answers a signed read in full even when If-None-Match names the anonymous tag", async () => {
    const path = readPath();
    const { etag } = await etagOf(path);
    const token = await signedToken(ownerKey, DRAFT_READ_ACTION, path, undefined, "GET");
    const signed = await api.raw<Json>("GET", path, { token, headers: { "if-none-match": etag } });
    expect(signed.status).toBe(200);
    expect(signed.body.capsuleId).toBe(capsuleId);
    expect(signed.headers.get("etag")).toBeNull();
    expect(signed.headers.get("cache-control")).toBe("private, no-store");
  });

  it("tags the outlet's read and the outlet list, answers 304 to them, and changes both tags when the outlet changes", async () => {
    const outletPath = pathOf(outletRead, { slug: SLUG });
    const outletsPath = pathOf(outletList);
    const before = { read: await etagOf(outletPath), list: await etagOf(outletsPath) };
    for (const [path, { etag, res }] of [[outletPath, before.read], [outletsPath, before.list]] as const) {
      expect(res.headers.get("cache-control"), path).toBe("public, no-cache");
      expect((await etagOf(path)).etag, path).toBe(etag);
      const hit = await api.get(path, { "if-none-match": etag });
      expect(hit.status, path).toBe(304);
      expect(hit.text, path).toBe("");
    }
    // a re-check of the domain moves lastCheckedAt (whole seconds): wait for the next second first
    const checkedAt = Number(before.read.res.body.outlet.verification.lastCheckedAt);
    await eventually(async () => (Math.floor(Date.now() / 1000) > checkedAt ? true : undefined), "the next second");
    const verified = await api.send(outletVerify, { body: { outletSlug: SLUG, method: "dns_txt" } }, ownerKey);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const after = await api.get<Json>(outletPath, { "if-none-match": before.read.etag });
    expect(after.status).toBe(200);
    expect(after.body.outlet.verification.lastCheckedAt).not.toBe(before.read.res.body.outlet.verification.lastCheckedAt);
    expect(after.headers.get("etag")).not.toBe(before.read.etag);
    expect((await api.get(outletsPath, { "if-none-match": before.list.etag })).status).toBe(200);
  });

  it("describes the 304, ETag, Cache-Control and If-None-Match in the OpenAPI document", async () => {
    const doc = (await api.get<Json>(pathOf(openApiDocument))).body;
    const op = doc.paths[openApiPath(capsuleRead)].get;
    expect(op.responses["304"].headers).toHaveProperty("ETag");
    expect(op.responses["200"].headers).toHaveProperty("Cache-Control");
    expect(op.parameters.map((p: Json) => p.name)).toContain("If-None-Match");
    for (const path of [capsuleList, capsuleVotes, capsuleHistory, outletRead, outletList].map(openApiPath)) expect(doc.paths[path].get.responses).toHaveProperty("304");
  });
});
