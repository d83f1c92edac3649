import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import path from "node:path";
import { getAddress, keccak256, parseEther, toHex, type Address } from "viem";
import { readDeployment } from "@/lib/chain/deployment-record";
import { privateKeyToAccount } from "viem/accounts";
import { juryCourtAbi } from "@/lib/chain/abi";
import { juryCommitment, signJuryCommit, signJuryReveal, FINDING } from "@/lib/chain/jury-ballots";
import { claimKey } from "@/lib/chain/jury-claims";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleClaims } from "@/features/capsules/claims.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { UNFILED_GROUNDS } from "@/features/court/unfiled-grounds";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtAppeal } from "@/features/court/appeal.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCases } from "@/features/court/cases.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtEvidence } from "@/features/court/evidence.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { openDatabase } from "@/lib/db/connection";
import { renderFeed } from "@/features/reader/feeds";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { schemaOrgProblems } from "@/test/support/schema-org-vocabulary";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, addr, courtChain, finalizedCapsule, grantRole, juryDriver, type Api, type Json } from "./court.test-support";
import { noRevealNoFinding, UNKNOWN_CLAIMS_NO_FINDING } from "./clerk-retirement";
import { MAX_EVIDENCE_PER_SIDE } from "./jury-relay";
import { vaultDownloadPath } from "@/lib/api/vault-path";

// Issue 28 over HTTP against the real stack on SQLite and PostgreSQL: a dispute on two claims filed with
// the challenger's openCase transaction, evidence from both sides, three jurors drawn from the other
// outlet's Editors (a Reporter of the capsule's outlet left out), signed commits and reveals relayed by
// the operator, the case final, its label and each claim's label from the findings.

const dialects = await dialectsUnderTest();
const [, ownerKey, benchOwnerKey, juror1Key, juror2Key, juror3Key, challengerKey, reporterKey] = devKeys;
const jurorKeys = [juror1Key, juror2Key, juror3Key] as const;
const [owner, challenger, reporter] = [addr(ownerKey), addr(challengerKey), addr(reporterKey)];
const LEDGER = "jury-ledger";
const BENCH = "jury-bench";
const TITLE = "Port traffic doubled in a year";
const BODY = `${TITLE}.\nThe harbour authority counted 2.1 million containers, up from 1.0 million.`;

describe.each(dialects)("the jury court over HTTP on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof courtChain>;
  let court: Address;
  let capsuleId = "";
  let claimIds: string[] = [];
  let caseId = "";
  let juryCaseId = 0n;
  const findingsOf = new Map<Address, Array<keyof typeof FINDING>>();
  const saltOf = (juror: Address) => keccak256(toHex(`salt of ${juror}`));
  const keyOf = (wallet: string) => jurorKeys.find((key) => addr(key) === wallet)!;

  const getCase = async () => (await api.send(courtCase, { params: { id: caseId } })).body as Json;
  /** The outbox statuses of the case's relayed `functionName` calls, oldest first. */
  const relayedMoves = async (functionName: string) => {
    const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    try {
      const rows = await handle.db.selectFrom("operator_outbox").select(["status"]).where("case_id", "=", Number(caseId)).where("function_name", "=", functionName).orderBy("id").execute();
      return rows.map((row) => row.status);
    } finally {
      await handle.close();
    }
  };
  const getCaseOf = async (id: string) => (await api.send(courtCase, { params: { id } })).body as Json;

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_JURY_FILING_GRACE_MS: "4000", CAPSULE_JURY_FILER_POLL_MS: "300" } }));
    // the addresses from the deployment record, not a request: a keep-alive connection left idle during the
    // deposits below was sometimes closed by the server under load, and the next request failed (NETWORK_ERROR)
    const record = readDeployment(path.join(stack.dataDir, "deployment.json"))!;
    const contracts = Object.fromEntries(Object.entries(record.contracts).map(([name, c]) => [name, { address: getAddress(c.address) }])) as Awaited<ReturnType<typeof deployedContracts<"integrityCourt" | "juryCourt">>>;
    court = contracts.juryCourt.address;
    chain = courtChain(stack, contracts);
    await chain.deposit(ownerKey, "1000");
    for (const key of [...jurorKeys, reporterKey]) await chain.deposit(key, "300");
    await chain.deposit(challengerKey, "10");
    await activeOutlet(api, dns, ownerKey, LEDGER);
    await activeOutlet(api, dns, benchOwnerKey, BENCH); // its owner holds no bond: no Editor vote, not in the pool
    for (const key of [...jurorKeys, reporterKey]) await grantRole(api, benchOwnerKey, BENCH, key, 3);
    await grantRole(api, ownerKey, LEDGER, reporterKey, 2); // a Reporter of the capsule's outlet: never its juror

    const created = await api.send(capsuleCreate, {
      body: {
        title: TITLE, body: BODY, outletSlug: LEDGER, category: "economy", tags: ["jury"],
        evidence: [{ uri: "https://archive.example.org/port/1", contentHash: `0x${"12".repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Authority report" }],
        status: "draft",
      },
    }, ownerKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    capsuleId = created.body.capsuleId;
    const evidenceId = created.body.evidence[0].evidenceId as string;
    const claims = await api.send(capsuleClaimsSet, { params: { id: capsuleId }, body: { claims: [
      { exact: "2.1 million containers", claimType: "statistic", evidenceIds: [evidenceId] },
      { exact: "up from 1.0 million", claimType: "statistic", evidenceIds: [evidenceId] },
    ] } }, ownerKey);
    expect(claims.status, JSON.stringify(claims.body)).toBe(200);
    claimIds = claims.body.items.map((c: Json) => c.claimId);
    const voucher = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey);
    await chain.submitOnChain(ownerKey, voucher.body);
    const voted = await api.send(capsuleVote, { params: { id: capsuleId }, body: await chain.ballot(ownerKey, capsuleId, true) }, ownerKey);
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    await chain.increaseTime(259_200 + 5);
    await api.send(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, ownerKey);
    for (let i = 0; i < 100 && (await api.send(capsuleRead, { params: { id: capsuleId } })).body.capsule?.status !== "finalized"; i++) await new Promise((r) => setTimeout(r, 200));
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  const openCase = async () => {
    const hash = await chain.walletOf(challengerKey).writeContract({
      address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(capsuleId), claimIds.map((id) => claimKey(Number(id)))], value: parseEther("3"),
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    return hash;
  };

  it("files the challenger's JuryCourt case as a court case on the disputed claims", async () => {
    const openTxHash = await openCase();
    const grounds = "The authority's report counts 1.2 million containers, not 2.1 million.";
    const swapped = await api.postRaw(capsuleDispute, { id: capsuleId }, challengerKey, { grounds, claimIds: [...claimIds].reverse(), openTxHash });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(400);
    expect(swapped.body.issues[0].path).toBe("claimIds");
    const byOther = await api.postRaw(capsuleDispute, { id: capsuleId }, reporterKey, { grounds, claimIds, openTxHash });
    expect(byOther.status, JSON.stringify(byOther.body)).toBe(403);

    const filed = await api.postRaw(capsuleDispute, { id: capsuleId }, challengerKey, { grounds, claimIds, openTxHash });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    caseId = filed.body.case.caseId;
    juryCaseId = BigInt(filed.body.case.juryCaseId);
    expect(filed.body.case).toMatchObject({ court: "jury", claimIds, period: "evidence", round: 0, status: "open", jurors: [], findings: [] });
    expect(filed.body.capsule.integrityLabel).toBe("contested");
    const opened = filed.body.case.juryTimeline.find((e: Json) => e.kind === "CaseOpened");
    expect(opened.details.poolSize).toBe(3); // the three Editors of jury-bench; the Reporter of jury-ledger is left out
    const ends = Number(filed.body.case.periodEndsAt) - Number(opened.at);
    expect(ends).toBe(72 * 3600);
    const claimsNow = await api.send(capsuleClaims, { params: { id: capsuleId } });
    expect(claimsNow.body.items.map((c: Json) => [c.verdict, c.label])).toEqual([[null, "contested"], [null, "contested"]]);
  });

  it("takes evidence from both sides and refuses it from anyone else", async () => {
    const mine = await api.send(courtEvidence, { params: { id: caseId }, body: { uri: "https://challenger.example.org/report.pdf" } }, challengerKey);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const reply = await api.send(courtEvidence, { params: { id: caseId }, body: { uri: "https://jury-ledger.example.org/reply.pdf" } }, ownerKey);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.case.evidence.map((e: Json) => [e.party, e.side, e.uri])).toEqual([
      [challenger, "challenger", "https://challenger.example.org/report.pdf"],
      [owner, "outlet", "https://jury-ledger.example.org/reply.pdf"],
    ]);
    // the challenger holds no role anywhere, yet may store a file in the vault while the evidence period runs
    const table = Buffer.from("containers,2023,2024\nteu,1.0m,1.2m\n");
    const stored = await api.send(vaultUpload, { body: { filename: "table.csv", mimeType: "text/csv", contentBase64: table.toString("base64") } }, challengerKey);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const file = await api.send(courtEvidence, { params: { id: caseId }, body: { uri: stored.body.object.uri } }, challengerKey);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.body.case.evidence.at(-1)).toMatchObject({ party: challenger, side: "challenger", uri: vaultDownloadPath(createHash("sha256").update(table).digest("hex")) });
    // a wallet that is neither a member of an outlet nor a challenger in an evidence period may not
    const free = await api.send(vaultUpload, { body: { filename: "x.txt", mimeType: "text/plain", contentBase64: Buffer.from("x\n").toString("base64") } }, devKeys[9]!);
    expect(free.status, JSON.stringify(free.body)).toBe(403);
    // an address that reads differently than it is stored, and a body naming its key twice, are refused: nothing is relayed
    const reordered = await api.postRaw(courtEvidence, { id: caseId }, challengerKey, { uri: "https://challenger.example.org/\u202egnp.exe" });
    expect([reordered.status, reordered.body.issues?.[0]?.path], JSON.stringify(reordered.body)).toEqual([400, "uri"]);
    const twice = await api.postRaw(courtEvidence, { id: caseId }, challengerKey, '{"uri":"https://challenger.example.org/a.pdf","uri":"https://challenger.example.org/b.pdf"}');
    expect([twice.status, twice.body.message], JSON.stringify(twice.body)).toEqual([400, "Request body names a key twice: uri"]);
    expect(await relayedMoves("submitEvidence")).toEqual(["mined", "mined", "mined"]);
    const stranger = await api.send(courtEvidence, { params: { id: caseId }, body: { uri: "https://elsewhere.example.org/x" } }, juror1Key);
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(403);
    const early = await api.send(courtCommit, { params: { id: caseId }, body: { commitment: `0x${"11".repeat(32)}`, signature: `0x${"22".repeat(65)}` } }, juror1Key);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/evidence period/);
  });

  it("draws the jury as soon as its draw block has passed, with the evidence period still running, before anyone asks", async () => {
    // a party who dislikes the jury the block's hash makes cannot leave the draw uncalled until it is scheduled again
    for (let i = 0; i < 4; i++) await chain.increaseTime(1);
    let seen: Json = {};
    for (let i = 0; i < 100; i++) {
      seen = (await getCase()).case;
      if (seen.jurors.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen.period).toBe("evidence");
    expect(seen.jurors.map((j: Json) => j.juror).sort()).toEqual(jurorKeys.map(addr).sort());
  });

  it("draws three jurors when the evidence period ends and relays their signed commits", async () => {
    await chain.increaseTime(72 * 3600 + 1);
    // three people ask at once when the period has ended: one move is relayed, the others are told it is under way
    const asked = await Promise.all([challengerKey, ownerKey, reporterKey].map((key) => api.send(courtAdvance, { params: { id: caseId } }, key)));
    const advanced = asked.find((answer) => answer.status === 200)!;
    expect(advanced, JSON.stringify(asked.map((a) => a.body))).toBeDefined();
    // one that asks after the move is mined is refused by the chain's pre-flight (the new period has not ended)
    for (const other of asked.filter((answer) => answer !== advanced)) {
      expect(other.status, JSON.stringify(other.body)).toBe(409);
      expect(["CONFLICT", "INVALID_STATE"]).toContain(other.body.error);
    }
    expect(await relayedMoves("advancePeriod")).toEqual(["mined"]); // no second move mined as a revert at the operator's expense
    expect(advanced.body.case.period).toBe("commit");
    const drawn = advanced.body.case.jurors.map((j: Json) => j.juror);
    expect([...drawn].sort()).toEqual(jurorKeys.map(addr).sort());
    const plan: Array<Array<keyof typeof FINDING>> = [["misleading", "verified"], ["misleading", "verified"], ["misleading", "misleading"]];
    for (const [i, juror] of drawn.entries()) {
      const findings = plan[i]!;
      findingsOf.set(juror, findings);
      const commitment = juryCommitment(juryCaseId, 0n, juror, findings.map((f) => FINDING[f]), saltOf(juror));
      const signature = await signJuryCommit(privateKeyToAccount(keyOf(juror)), court, chain.publicClient.chain.id, { caseId: juryCaseId, round: 0n, juror, commitment });
      // the first juror's commit is sent three times at once (a double click, a retry): one is relayed, the others refused
      const sent = await Promise.all(Array.from({ length: i === 0 ? 3 : 1 }, () => api.send(courtCommit, { params: { id: caseId }, body: { commitment, signature } }, keyOf(juror))));
      const res = sent.find((answer) => answer.status === 200)!;
      expect(res, JSON.stringify(sent.map((a) => a.body))).toBeDefined();
      expect(res.body.operatorTx.status).toBe("mined");
      for (const other of sent.filter((answer) => answer !== res)) expect([other.status, other.body.error], JSON.stringify(other.body)).toEqual([409, "CONFLICT"]);
    }
    expect(await relayedMoves("commitBySig")).toEqual(drawn.map(() => "mined")); // none mined as a revert at the operator's expense
    const again = await api.send(courtAdvance, { params: { id: caseId } }, challengerKey);
    expect(again.body.case.period).toBe("reveal"); // every juror committed: the reveal period starts early
    expect(again.body.case.jurors.every((j: Json) => j.committed && !j.revealed && j.reasons === null)).toBe(true);
  });

  it("relays the reveals, refuses findings that do not match the commitment, and shows the reasons", async () => {
    const [first] = [...findingsOf.keys()];
    const wrong = ["verified", "verified"] as const;
    const badSig = await signJuryReveal(privateKeyToAccount(keyOf(first!)), court, chain.publicClient.chain.id, { caseId: juryCaseId, round: 0n, juror: first!, findings: wrong.map((f) => FINDING[f]), reasons: ["a", "b"], salt: saltOf(first!) });
    const mismatch = await api.send(courtReveal, { params: { id: caseId }, body: { findings: [...wrong], reasons: ["a", "b"], salt: saltOf(first!), signature: badSig } }, keyOf(first!));
    expect(mismatch.status, JSON.stringify(mismatch.body)).toBe(409);
    expect(mismatch.body.error).toBe("CONFLICT");
    for (const [juror, findings] of findingsOf) {
      const reasons = findings.map((f, k) => `claim ${k + 1}: ${f} (${juror.slice(0, 6)})`);
      const signature = await signJuryReveal(privateKeyToAccount(keyOf(juror)), court, chain.publicClient.chain.id, { caseId: juryCaseId, round: 0n, juror, findings: findings.map((f) => FINDING[f]), reasons, salt: saltOf(juror) });
      // the first juror's reveal is sent three times at once: one is relayed, the others refused
      const sent = await Promise.all(Array.from({ length: juror === first ? 3 : 1 }, () => api.send(courtReveal, { params: { id: caseId }, body: { findings, reasons, salt: saltOf(juror), signature } }, keyOf(juror))));
      const res = sent.find((answer) => answer.status === 200)!;
      expect(res, JSON.stringify(sent.map((a) => a.body))).toBeDefined();
      for (const other of sent.filter((answer) => answer !== res)) expect([other.status, other.body.error], JSON.stringify(other.body)).toEqual([409, "CONFLICT"]);
    }
    expect(await relayedMoves("revealBySig")).toEqual([...findingsOf.keys()].map(() => "mined"));
    const c = (await getCase()).case;
    expect(c.jurors.map((j: Json) => j.findings)).toEqual([...findingsOf.values()]);
    expect(c.jurors.every((j: Json) => j.reasons.length === 2)).toBe(true);
    const quote = await api.send(courtAppeal, { params: { id: caseId } });
    expect(quote.status).toBe(409);
  });

  it("makes the case final: per-claim findings, the article's label by the rule, and each claim's label", async () => {
    const advanced = await api.send(courtAdvance, { params: { id: caseId } }, challengerKey);
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    // three jurors in the pool cannot seat a round of seven: no appeal, final at once
    expect(advanced.body.case).toMatchObject({
      period: "final",
      periodEndsAt: null,
      status: "closed",
      verdict: "misleading",
      articleFinding: "misleading",
      winner: "challenger",
      findings: [{ claimId: claimIds[0], finding: "misleading" }, { claimId: claimIds[1], finding: "verified" }],
    });
    expect(advanced.body.capsule.integrityLabel).toBe("misleading");
    expect(advanced.body.case.jurors.every((j: Json) => BigInt(j.reward) > 0n)).toBe(true);
    const claims = await api.send(capsuleClaims, { params: { id: capsuleId } });
    expect(claims.body.items.map((c: Json) => [c.claimId, c.verdict, c.label])).toEqual([
      [claimIds[0], "misleading", "misleading"],
      [claimIds[1], "verified", "verified"],
    ]);
    // the court explorer's filters and the juror's "my cases"
    const ids = async (query: Json) => (await api.send(courtCases, { query })).body.items.map((c: Json) => c.caseId);
    expect(await ids({ period: "final" })).toContain(caseId);
    expect(await ids({ period: "evidence" })).not.toContain(caseId);
    expect(await ids({ outcome: "misleading", outlet: LEDGER })).toEqual([caseId]);
    expect(await ids({ juror: addr(juror1Key) })).toEqual([caseId]);
    expect(await ids({ juror: challenger })).toEqual([]);
    const inbox = await api.send(inboxRead, { body: {} }, juror1Key);
    const summons = inbox.body.items.find((item: Json) => item.kind === "inbox.jury_summoned");
    expect(summons).toMatchObject({ caseId, capsuleId });
  });

  it("names the claims ruled on in the badge's title and aria text and in the feeds' summaries (issue 27 item 5)", async () => {
    const sentence = "Claims ruled on: “2.1 million containers” (claim 1) — Misleading; “up from 1.0 million” (claim 2) — Verified.";
    const badge = await fetch(`${stack.baseUrl}/api/capsules/${capsuleId}/badge.svg`);
    expect(badge.status).toBe(200);
    const svg = await badge.text();
    const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? "";
    expect(title).toContain(sentence);
    expect(/aria-label="([^"]*)"/.exec(svg)?.[1]).toBe(title);
    for (const feed of [`/outlets/${LEDGER}/feed.xml`, "/feed.xml"]) {
      const atom = await (await fetch(`${stack.baseUrl}${feed}`)).text();
      const entry = atom.split("<entry>").find((e) => e.includes(`/read/${capsuleId}</id>`));
      expect(entry, feed).toBeDefined();
      expect(/<summary[^>]*>([\s\S]*?)<\/summary>/.exec(entry!)?.[1], feed).toContain(sentence);
    }
    // the JSON Feed's entries carry the same summary (an Elevated channel: read here from the feed builder on the stack's database)
    const handle = openDatabase({ databaseUrl: stack.databaseUrl, sqliteFile: path.join(stack.dataDir, "capsule.sqlite") });
    try {
      const json = JSON.parse(await renderFeed(handle.db, stack.baseUrl, "json", { slug: LEDGER, name: "Jury Ledger" }, Math.floor(Date.now() / 1000))) as { items: Array<{ id: string; summary?: string }> };
      const item = json.items.find((i) => i.id.endsWith(`/read/${capsuleId}`));
      expect(item?.summary).toContain(sentence);
    } finally {
      await handle.close();
    }
  });

  it("publishes the findings as schema.org ClaimReview at ?format=claimreview and on the reader page (issue 27 item 6)", async () => {
    const reviews = await api.send(capsuleClaims, { params: { id: capsuleId }, query: { format: "claimreview" } });
    expect(reviews.status).toBe(200);
    expect(reviews.body.items.map((r: Json) => [r.claimReviewed, r.reviewRating.alternateName])).toEqual([
      ["2.1 million containers", "misleading"],
      ["up from 1.0 million", "verified"],
    ]);
    for (const review of reviews.body.items) {
      expect(schemaOrgProblems(review)).toEqual([]);
      expect(review.itemReviewed.appearance.url).toBe(`${stack.baseUrl}/read/${capsuleId}`);
    }
    const page = await (await fetch(`${stack.baseUrl}/read/${capsuleId}`)).text();
    const onPage = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Json)
      .flatMap((node) => (Array.isArray(node) ? node : [node]))
      .filter((node: Json) => node["@type"] === "ClaimReview");
    expect(onPage).toEqual(reviews.body.items);
  });

  it("files a case its challenger opened on chain and never filed, so readers see it contested, and takes the challenger's grounds later", async () => {
    // the case above is final, so the capsule may be disputed again; this one is opened on chain only
    const openTxHash = await chain.walletOf(reporterKey).writeContract({
      address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(capsuleId), [claimKey(Number(claimIds[1]))]], value: parseEther("3"),
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: openTxHash, pollingInterval: 50 })).status).toBe("success");
    let listed: Json | undefined;
    for (let i = 0; i < 150 && !listed; i++) {
      listed = (await api.send(capsuleDisputes, { params: { id: capsuleId } })).body.items.find((c: Json) => c.status === "open");
      if (!listed) await new Promise((r) => setTimeout(r, 200));
    }
    expect(listed).toMatchObject({ openedBy: reporter, grounds: UNFILED_GROUNDS, claimIds: [claimIds[1]], court: "jury", period: "evidence", labelBefore: "misleading" });
    expect((await api.send(capsuleRead, { params: { id: capsuleId } })).body.capsule.integrityLabel).toBe("contested");

    // its challenger files the grounds after all: the same case takes them; nobody else may
    const grounds = "The 2019 figure was 1.2 million, not 1.0 million.";
    const byOther = await api.postRaw(capsuleDispute, { id: capsuleId }, challengerKey, { grounds, claimIds: [claimIds[1]], openTxHash });
    expect(byOther.status, JSON.stringify(byOther.body)).toBe(403);
    const filed = await api.postRaw(capsuleDispute, { id: capsuleId }, reporterKey, { grounds, claimIds: [claimIds[1]], openTxHash });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body.case).toMatchObject({ caseId: listed!.caseId, grounds, openedBy: reporter, status: "open" });
    expect(filed.body.timeline.filter((e: Json) => e.kind === "opened").map((e: Json) => e.details.grounds)).toEqual([grounds]);
  });

  describe("cases that end without a finding", () => {
    const HUGE = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
    let other = "";
    let labelBefore = "";
    const driver = () => juryDriver(stack, api, chain, court);

    it("marks a case opened on chain on claims the article does not contain, and settles it with no label and no penalty", async () => {
      ({ capsuleId: other } = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: LEDGER, title: "Harbour fees unchanged since 2020", category: "economy" }));
      labelBefore = (await api.send(capsuleRead, { params: { id: other } })).body.capsule.integrityLabel;
      // the capsule has no claims; the challenger names two keys on chain, which the bridge would refuse to file
      const hash = await chain.walletOf(challengerKey).writeContract({
        address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(other), [`0x${"f".repeat(64)}`, claimKey(99)]], value: parseEther("3"),
      });
      expect((await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
      let listed: Json | undefined;
      for (let i = 0; i < 150 && !listed; i++) {
        listed = (await api.send(capsuleDisputes, { params: { id: other } })).body.items.find((c: Json) => c.status === "open");
        if (!listed) await new Promise((r) => setTimeout(r, 200));
      }
      // exact ids, not 1.157920892373162e+77
      expect(listed).toMatchObject({ grounds: UNFILED_GROUNDS, claimIds: [HUGE, "99"], unknownClaimIds: [HUGE, "99"], period: "evidence" });
      const id = listed!.caseId as string;

      // each side of a case may add MAX_EVIDENCE_PER_SIDE items through the bridge, then 409 before anything is relayed
      for (let i = 0; i < MAX_EVIDENCE_PER_SIDE - 1; i++) {
        const added = await api.send(courtEvidence, { params: { id }, body: { uri: `https://challenger.example.org/${i}/${"x".repeat(1900)}` } }, challengerKey);
        expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
      }
      // the last item's room, asked for by three requests at once: one is relayed, the others get the 409
      const together = await Promise.all(
        [0, 1, 2].map((n) => api.send(courtEvidence, { params: { id }, body: { uri: `https://challenger.example.org/last/${n}` } }, challengerKey)),
      );
      expect(together.map((res) => res.status).sort(), JSON.stringify(together.map((res) => JSON.stringify(res.body).slice(0, 300)))).toEqual([200, 409, 409]);
      for (const res of together.filter((r) => r.status === 409)) {
        expect(res.body).toMatchObject({ error: "CONFLICT", side: "challenger", evidenceCount: MAX_EVIDENCE_PER_SIDE, limit: MAX_EVIDENCE_PER_SIDE });
      }
      const refused = await api.send(courtEvidence, { params: { id }, body: { uri: "https://challenger.example.org/one-more" } }, challengerKey);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body).toMatchObject({ error: "CONFLICT", side: "challenger", evidenceCount: MAX_EVIDENCE_PER_SIDE, limit: MAX_EVIDENCE_PER_SIDE });
      expect(refused.body.message).toMatch(new RegExp(`\\(${MAX_EVIDENCE_PER_SIDE}\\)`));
      const tooLong = await api.send(courtEvidence, { params: { id }, body: { uri: `https://outlet.example.org/${"y".repeat(2100)}` } }, ownerKey);
      expect(tooLong.status).toBe(400);
      const outletSide = await api.send(courtEvidence, { params: { id }, body: { uri: "https://jury-ledger.example.org/reply-2.pdf" } }, ownerKey);
      expect(outletSide.status, JSON.stringify(outletSide.body).slice(0, 300)).toBe(200);
      const detail = await getCaseOf(id);
      expect(detail.case.evidence).toHaveLength(MAX_EVIDENCE_PER_SIDE + 1);
      expect(detail.case.evidenceCount).toBe(MAX_EVIDENCE_PER_SIDE + 1);
      expect(detail.case.evidence.some((e: Json) => e.uri === "https://challenger.example.org/one-more")).toBe(false);
      // the lists count the evidence instead of carrying it
      const list = await api.send(courtCases, { query: { status: "open" } });
      const item = list.body.items.find((c: Json) => c.caseId === id);
      expect(item).toMatchObject({ evidenceCount: MAX_EVIDENCE_PER_SIDE + 1, unknownClaimIds: [HUGE, "99"] });
      expect(item).not.toHaveProperty("evidence");
      expect(item.juryTimeline.some((e: Json) => e.kind === "EvidenceSubmitted")).toBe(false);
      expect(JSON.stringify(list.body).length).toBeLessThan(20_000);

      // the jurors find both named claims fraudulent: the chain says so, the bridge applies nothing
      const last = await driver().decide(id, jurorKeys, ["fraudulent", "fraudulent"], challengerKey);
      expect(last.body.case).toMatchObject({ status: "closed", verdict: null, rationale: UNKNOWN_CLAIMS_NO_FINDING, penalty: null, articleFinding: "fraudulent", findings: [{ claimId: HUGE, finding: "fraudulent" }, { claimId: "99", finding: "fraudulent" }] });
      expect(last.body.capsule.integrityLabel).toBe(labelBefore);
      expect(last.body.timeline.find((e: Json) => e.kind === "no_finding")?.details).toMatchObject({ reason: UNKNOWN_CLAIMS_NO_FINDING, labelRestored: labelBefore, unknownClaimIds: [HUGE, "99"] });
      expect(last.body.timeline.filter((e: Json) => e.kind === "verdict" || e.kind === "penalty")).toEqual([]);
      expect((await api.send(capsuleRead, { params: { id: other } })).body.capsule.integrityLabel).toBe(labelBefore);
      const told = ((await api.send(inboxRead, { body: { limit: 100 } }, challengerKey)).body.items as Json[]).find((e) => e.kind === "inbox.verdict" && e.caseId === id);
      expect(told?.message).toMatch(/ended without a finding: the grounds name claims this article does not contain/);
    }, 300_000);

    it("ends a case no juror revealed in without a finding: the label before it back, no penalty, at no cost to the article", async () => {
      const filed = await driver().dispute(challengerKey, other, { grounds: "The fees rose twice since 2020; the article says they did not." });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      const id = filed.body.case.caseId as string;
      expect(filed.body.case).toMatchObject({ claimIds: [], unknownClaimIds: [] });
      let shown = filed.body;
      for (const period of ["commit", "reveal", "final"]) {
        await driver().pastPeriod(shown.case.periodEndsAt);
        shown = (await driver().advance(id, challengerKey)).body;
        expect(shown.case.period).toBe(period);
      }
      expect(shown.case).toMatchObject({ status: "closed", verdict: null, rationale: noRevealNoFinding(0), penalty: null, articleFinding: "unresolved" });
      expect(shown.case.jurors.filter((j: Json) => j.revealed)).toEqual([]);
      expect(shown.capsule.integrityLabel).toBe(labelBefore);
      expect(shown.timeline.find((e: Json) => e.kind === "no_finding")?.details).toMatchObject({ labelRestored: labelBefore, round: 0 });
      expect((await api.send(capsuleRead, { params: { id: other } })).body.capsule.integrityLabel).toBe(labelBefore);
    }, 300_000);
  });
});
