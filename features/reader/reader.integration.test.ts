import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { bundledScriptArgs } from "@/test/support/server-bundle";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, courtChain, expectError, finalizedCapsule, finalizedCorrection, juryDriver, type Api, type Json } from "@/features/court/court.test-support";
import { eventually } from "@/features/outlets/outlets.test-support";

// Readers (issue 12): Atom feeds with labels, findings and correction notices; the proof route; and
// `npm run verify` against the node directly and through a bridge that lies about the text, block or current version.

const dialects = await dialectsUnderTest();
const run = promisify(execFile);
const [, ownerKey, , , , , , disputerKey] = devKeys;
const SLUG = "reader-ledger";
/** What readers are told of the jury's final finding on the disputed claim (features/reader/article-notices.ts). */
const FINDING = "Claim ruled on: “forty percent” (claim 1) — Misleading.";
const root = path.resolve(import.meta.dirname, "..", "..");

type Entry = { title: string; id: string; summary: string | { "#text": string }; category: { "@_term": string; "@_label": string } | Array<{ "@_term": string }> };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_" });
const text = (value: Entry["summary"]) => (typeof value === "string" ? value : value["#text"]);
const entriesOf = (xml: string): Entry[] => {
  const parsed = parser.parse(xml) as { feed?: { entry?: Entry | Entry[]; title?: unknown } };
  expect(parsed.feed, "an Atom <feed> root").toBeDefined();
  const entry = parsed.feed?.entry;
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
};

/** Runs scripts/verify.ts; answers its exit code and output. */
async function verify(args: string[]) {
  try {
    // `npm run verify` is `tsx scripts/verify.ts` (no server-only hook); the run's bundle of it when there is one
    const command = bundledScriptArgs("verify.ts", { serverOnlyHook: false }) ?? [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/verify.ts"];
    const { stdout } = await run(process.execPath, [...command, ...args], { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" } });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** A bridge in front of the real one that rewrites one JSON answer (a lying or compromised site). */
async function lyingBridge(target: string, rewrite: (pathname: string, body: Json) => Json) {
  const server = http.createServer(async (req, res) => {
    const upstream = await fetch(`${target}${req.url}`);
    const body = (await upstream.json()) as Json;
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(JSON.stringify(rewrite(new URL(req.url ?? "/", target).pathname, body)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A JSON-RPC node in front of `target` that passes every request on and writes down its method. */
async function countingNode(target: string) {
  const methods: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const calls = JSON.parse(body) as { method: string } | Array<{ method: string }>;
    methods.push(...(Array.isArray(calls) ? calls : [calls]).map((c) => c.method));
    const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, methods, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(dialects)("readers: feeds, findings, proof and verify on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let disputed = "";
  let clean = "";
  let correction = "";
  let draftId = "";

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_COURT_REPLY_WINDOW_SECONDS: "0" } }));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    chain = courtChain(stack, contracts);
    const jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(disputerKey, "10");
    await activeOutlet(api, dns, ownerKey, SLUG);
    const jurorKeys = await jury.seatBench(dns, "reader-bench");
    const first = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Council budget rises forty percent", category: "politics", claims: ["forty percent"] });
    disputed = first.capsuleId;
    clean = (await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Harbour bridge reopens", category: "city" })).capsuleId;
    const draft = await api.send(capsuleCreate, { body: { title: "Draft only", body: "Not submitted.", outletSlug: SLUG, status: "draft" } }, ownerKey);
    draftId = draft.body.capsuleId;

    // a jury case on the first's claim, decided misleading (final after the appeal period)
    const opened = await jury.dispute(disputerKey, disputed, { grounds: "The article states the budget rose 40% but the minutes show 4%.", claimIds: first.claimIds });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const caseId = opened.body.case.caseId;
    const decided = await jury.decide(caseId, jurorKeys, ["misleading"], disputerKey);
    expect(decided.body.case).toMatchObject({ verdict: "misleading", findings: [{ claimId: first.claimIds[0], finding: "misleading" }] });

    // a correction of the second, submitted on chain and left under vote
    const revision = await api.send(capsuleHistoryAdd, { params: { id: clean }, body: { capsuleType: "correction", revisionReason: "The bridge reopens on Tuesday.", body: "Harbour bridge reopens.\nOn Tuesday." } }, ownerKey);
    expect(revision.status, JSON.stringify(revision.body)).toBe(201);
    correction = revision.body.capsuleId;
    const voucher = await api.send(capsuleSubmit, { params: { id: correction }, body: {} }, ownerKey);
    await chain.submitOnChain(ownerKey, voucher.body);
    for (let i = 0; i < 100 && (await api.send(capsuleRead, { params: { id: correction } }, ownerKey)).body.capsule?.status !== "pending"; i++) await new Promise((r) => setTimeout(r, 200));
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("/feed.xml is Atom with each entry's plain-text excerpt, label and the court's finding, and no word of a correction under vote", async () => {
    const res = await fetch(`${stack.baseUrl}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith("<?xml")).toBe(true);
    expect((parser.parse(xml) as Json).feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const entries = entriesOf(xml);
    const byId = (id: string) => entries.find((e) => e.id === `${stack.baseUrl}/read/${id}`);
    const misleading = byId(disputed);
    expect(misleading?.category).toMatchObject({ "@_term": "misleading", "@_label": "Misleading" });
    expect(text(misleading!.summary)).toContain(FINDING);
    // the summary opens with the article's own words, as escaped text, then its label in a paragraph of its own
    expect(text(misleading!.summary)).toMatch(/^<p>Council budget rises forty percent\. Reported with documents and two named sources\.<\/p>\s*<p>Integrity: Misleading\./);
    const corrected = byId(clean);
    expect(corrected?.category).toMatchObject({ "@_term": "clean" });
    // a feed carries finalized content: the correction under vote is announced on the page, not in the entry
    expect(text(corrected!.summary)).not.toMatch(/voted on/);
    // neither the correction under vote nor the draft is an entry
    expect(byId(correction)).toBeUndefined();
    expect(byId(draftId)).toBeUndefined();
  });

  it("/feed.xml?page=N is a page of the feed (RFC 5005); a page past the last entry is a 404, one outside 1..10 a 400 naming page", async () => {
    // two articles: the feed itself names no next page, and its page 2 is past the last entry
    expect(await (await fetch(`${stack.baseUrl}/feed.xml`)).text()).not.toContain('rel="next"');
    for (const url of ["/feed.xml?page=2", "/feed.json?page=9", `/outlets/${SLUG}/feed.xml?page=2`]) {
      const past = await fetch(`${stack.baseUrl}${url}`);
      expect(past.status, url).toBe(404);
      const page = Number(new URL(url, stack.baseUrl).searchParams.get("page"));
      expect(await past.json(), url).toEqual({ ok: false, error: "NOT_FOUND", statusCode: 404, message: `Page ${page} of this feed is past its last entry; follow the feed's next links from page 1` });
    }
    for (const page of ["0", "11", "01", "two"]) {
      const refused = await fetch(`${stack.baseUrl}/feed.json?page=${page}`);
      expect(refused.status, page).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, error: "VALIDATION_ERROR", statusCode: 400, issues: [{ path: "page" }] });
    }
  });

  it("/outlets/:slug/feed.xml carries that outlet's entries; an unknown outlet is a 404", async () => {
    const res = await fetch(`${stack.baseUrl}/outlets/${SLUG}/feed.xml`);
    expect(res.status).toBe(200);
    const entries = entriesOf(await res.text());
    expect(entries.map((e) => e.id).sort()).toEqual([`${stack.baseUrl}/read/${disputed}`, `${stack.baseUrl}/read/${clean}`].sort());
    const missing = await fetch(`${stack.baseUrl}/outlets/no-such-outlet/feed.xml`);
    expect(missing.status).toBe(404);
    // an outlet that is not active has tier none and no open channel, its Atom feed included
    const pendingSlug = "reader-pending-feed";
    expect((await api.send(outletCreate, { body: { slug: pendingSlug, name: "The Pending Post", domain: "pending-post.example.net" } }, ownerKey)).status).toBe(201);
    const closed = await fetch(`${stack.baseUrl}/outlets/${pendingSlug}/feed.xml`);
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({ error: "FORBIDDEN", message: "The Pending Post is pending, so its feeds are closed: they open once its domain is verified. Its published articles stay readable at their own addresses." });
    expect(await missing.json()).toEqual({ ok: false, error: "OUTLET_NOT_FOUND", message: 'No outlet is registered as "no-such-outlet"', statusCode: 404 });
  });

  it("GET /api/capsules/:id/proof names the indexed CapsuleFinalized log; drafts 404, capsules under vote 409", async () => {
    const proof = await api.send(capsuleProof, { params: { id: disputed } });
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ ok: true, capsuleId: disputed, chainId: 77117002, contentHashAlgorithm: "sha256-utf8-body", event: { name: "CapsuleFinalized", signature: "CapsuleFinalized(uint256,uint256,address)" } });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: proof.body.transactionHash });
    expect(receipt.blockNumber.toString()).toBe(proof.body.blockNumber);
    expect(receipt.blockHash).toBe(proof.body.blockHash);
    expect(receipt.logs.find((l) => l.logIndex === proof.body.logIndex)?.address.toLowerCase()).toBe(proof.body.contractAddress.toLowerCase());
    expectError(await api.send(capsuleProof, { params: { id: draftId } }), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expectError(await api.send(capsuleProof, { params: { id: correction } }), 409, "INVALID_STATE", `Capsule ${correction} is pending; only a capsule finalized on chain has a proof`);
  });

  it("npm run verify matches against the node and against the site's /rpc, and reports a tampered text, a wrong block, a changed record or a changed label", async () => {
    const good = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", stack.baseUrl]);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain("MATCH: the text is the one finalized on chain.");
    expect(good.out).toMatch(/✓ stored hash: at block \d+ the registry stores content hash 0x[0-9a-f]{64} with status 2/);
    const viaGateway = await verify([clean, "--rpc", `${stack.baseUrl}/rpc`, "--bridge", stack.baseUrl]);
    expect(viaGateway.code, viaGateway.out).toBe(0);

    const tampered = await lyingBridge(stack.baseUrl, (pathname, body) => (pathname === pathOf(capsuleRead, { id: disputed }) ? { ...body, content: { ...body.content, body: `${body.content.body} (edited)` } } : body));
    try {
      const result = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", tampered.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain("✖ text:");
      expect(result.out).toContain("✖ stored hash:");
      expect(result.out).toContain("MISMATCH: text, stored hash");
    } finally {
      await tampered.close();
    }

    const wrongBlock = await lyingBridge(stack.baseUrl, (pathname, body) => (pathname.endsWith("/proof") ? { ...body, blockNumber: String(Number(body.blockNumber) - 1) } : body));
    try {
      const result = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", wrongBlock.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain("✖ block:");
      expect(result.out).toMatch(/MISMATCH: block/);
    } finally {
      await wrongBlock.close();
    }

    // the registry names each capsule's outlet, submitter and the version it revises: a site cannot change them unseen
    expect(good.out).toMatch(/✓ record: the registry has it from outlet "reader-ledger", submitted by 0x[0-9a-fA-F]{40}, and it revises no earlier version; /);
    const moved = await lyingBridge(stack.baseUrl, (pathname, body) =>
      pathname === pathOf(capsuleRead, { id: disputed }) ? { ...body, capsule: { ...body.capsule, outletSlug: "other-desk", parentCapsuleId: clean } } : body,
    );
    try {
      const result = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", moved.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain(`✖ record: the registry has it from outlet "reader-ledger"`);
      expect(result.out).toContain(`the bridge says outlet "other-desk"`);
      expect(result.out).toContain(`revises capsule ${clean}`);
      expect(result.out).toMatch(/MISMATCH: record$/m);
    } finally {
      await moved.close();
    }

    // the label readers see: the jury's final CaseFinal gives misleading, read from the node (the gateway scans in ranges)
    expect(good.out).toMatch(/✓ label: "misleading" follows from JuryCourt 0x[0-9a-fA-F]{40} CaseFinal at block \d+, log \d+ of 0x[0-9a-f]{64}: case \d+ ended with articleFinding 2; the node holds no later JuryCourt CaseOpened or CaseFinal on capsule /);
    expect(viaGateway.out).toMatch(/✓ label: "clean" follows from no label event; the node holds no later JuryCourt CaseOpened or CaseFinal on capsule /);
    const relabelled = await lyingBridge(stack.baseUrl, (pathname, body) => (pathname.endsWith("/proof") ? { ...body, label: { ...body.label, value: "verified" } } : body));
    try {
      const result = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", relabelled.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain('✖ label: the bridge shows "verified";');
      expect(result.out).toMatch(/MISMATCH: label$/m);
    } finally {
      await relabelled.close();
    }

    const usage = await verify(["abc"]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("usage: npm run verify");
  });

  it("npm run verify reads which version is current from the node: a bridge that hides a finalized correction, or invents one, fails the latest check", async () => {
    // after the feed tests: this article and its correction are not among the outlet's entries they count
    const original = (await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Tram line opens in March", category: "transport" })).capsuleId;
    const fixed = await finalizedCorrection(api, chain, { ofId: original, authorKey: ownerKey, voterKey: ownerKey, reason: "The line opens in April." });
    await eventually(async () => (await api.send(capsuleRead, { params: { id: original } })).body.revision?.publishedCapsuleId === fixed || undefined, "the bridge showing the correction as current");

    // the honest bridge says the original was replaced: verifying it passes, and says by which version; the label
    // check and the walk to the latest version read the chain's indexes by eth_call: no head, no log for an article
    // without a case
    const counting = await countingNode(stack.nodeRpcUrl);
    try {
      const older = await verify([original, "--rpc", counting.url, "--bridge", stack.baseUrl]);
      expect(older.code, older.out).toBe(0);
      expect(older.out).toContain(`✓ latest: capsule ${original} is superseded, as the bridge says: the latest finalized version is ${fixed} (finalized revisions: ${fixed} (the registry's article `);
      expect(older.out).toMatch(/✓ label: .*the node holds no later JuryCourt CaseOpened or CaseFinal/);
      expect(counting.methods).toContain("eth_call");
      expect(counting.methods.filter((m) => m === "eth_blockNumber" || m === "eth_getLogs")).toEqual([]);
    } finally {
      await counting.close();
    }
    const newest = await verify([fixed, "--rpc", `${stack.baseUrl}/rpc`, "--bridge", stack.baseUrl]);
    expect(newest.code, newest.out).toBe(0);
    expect(newest.out).toContain(`✓ latest: the node holds no finalized version revising capsule ${fixed}: it is the latest, as the bridge says`);
    // the chain marks a version superseded as soon as a correction is submitted: one still under vote leaves it the latest
    const underVote = await verify([clean, "--rpc", stack.nodeRpcUrl, "--bridge", stack.baseUrl]);
    expect(underVote.out).toContain(`✓ latest: the node holds no finalized version revising capsule ${clean}: it is the latest`);

    // a bridge that serves the superseded original as the current article
    const hiding = await lyingBridge(stack.baseUrl, (pathname, body) =>
      pathname === pathOf(capsuleRead, { id: original }) ? { ...body, revision: { ...body.revision, publishedCapsuleId: original, current: true } } : body,
    );
    try {
      const result = await verify([original, "--rpc", stack.nodeRpcUrl, "--bridge", hiding.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain(`✖ latest: a newer finalized version exists: ${fixed} (finalized revisions: ${fixed} (the registry's article `);
      expect(result.out).toContain(`the bridge says capsule ${original} is the current version`);
      // every other check passes: the text, its finalization and its label are genuine, only no longer current
      expect(result.out).toMatch(/MISMATCH: latest$/m);
    } finally {
      await hiding.close();
    }

    // a bridge that says an article was replaced by a version that does not revise it
    const burying = await lyingBridge(stack.baseUrl, (pathname, body) =>
      pathname === pathOf(capsuleRead, { id: disputed }) ? { ...body, revision: { ...body.revision, publishedCapsuleId: fixed, current: false } } : body,
    );
    try {
      const result = await verify([disputed, "--rpc", stack.nodeRpcUrl, "--bridge", burying.url]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain(`✖ latest: the bridge says capsule ${fixed} replaced it, but the node holds no finalized version revising capsule ${disputed}`);
    } finally {
      await burying.close();
    }
  }, 300_000);
});
