import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { BountyExportError, ensureSampleBountyState, loadBountyState } from "@/bounty/load-state";
import sample from "@/bounty/sample-state.json";
import { getAddress } from "viem";
import { openDatabase } from "@/lib/db/connection";
import { bountyEvaluationSchema, bountyProposalSchema } from "@/features/bounty/bounty.schema";
import { generatedExport, getJson, postgresBackend, postgresUnderTest, sqliteBackend, startService, tempDir, type Backend } from "./bounty.test-support";

// The loader: one transaction that replaces the bounty tables, or — for a bad export — writes nothing.

const run = promisify(execFile);
const backends: Array<{ name: string; make: () => Promise<Backend> }> = [{ name: "sqlite", make: () => sqliteBackend() }];
if (await postgresUnderTest()) backends.push({ name: "postgres", make: () => postgresBackend() });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function counts(backend: Backend) {
  const p = await backend.writer.db.selectFrom("bounty_proposals").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const e = await backend.writer.db.selectFrom("bounty_evaluations").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return { proposals: Number(p.n), evaluations: Number(e.n) };
}

async function ids(backend: Backend) {
  return (await backend.writer.db.selectFrom("bounty_proposals").select("id").orderBy("id").execute()).map((r) => r.id);
}

describe.each(backends)("loadBountyState on $name", ({ make }) => {
  async function fresh(): Promise<Backend> {
    const backend = await make();
    cleanups.push(() => backend.dispose());
    return backend;
  }

  it("replaces what was there", async () => {
    const backend = await fresh();
    expect(await loadBountyState(backend.writer.db, generatedExport(30, 12))).toEqual({ proposals: 30, evaluations: 12 });
    expect(await counts(backend)).toEqual({ proposals: 30, evaluations: 12 });
    expect(await loadBountyState(backend.writer.db, generatedExport(4, 2))).toEqual({ proposals: 4, evaluations: 2 });
    expect(await counts(backend)).toEqual({ proposals: 4, evaluations: 2 });
    expect(await ids(backend)).toEqual(["bp-test-0001", "bp-test-0002", "bp-test-0003", "bp-test-0004"]);
  });

  it("stores addresses checksummed and times as integers", async () => {
    const backend = await fresh();
    const data = generatedExport(1, 0);
    data.proposals[0]!.proposer = "0xABCDEF0123456789ABCDEF0123456789ABCDEF01";
    await loadBountyState(backend.writer.db, data);
    const row = await backend.writer.db.selectFrom("bounty_proposals").selectAll().executeTakeFirstOrThrow();
    expect(row.proposer).toBe(getAddress("0xabcdef0123456789abcdef0123456789abcdef01"));
    expect(row.proposer).not.toBe(data.proposals[0]!.proposer);
    expect(Number(row.created_at)).toBe(1_793_577_600);
    expect(Number(row.updated_at)).toBe(1_793_577_630);
  });

  it.each([
    ["a bad proposal field", (d: ReturnType<typeof generatedExport>) => void (d.proposals[7]!.rewardAmount = "1.5e18"), /proposals\[7\] \(id "bp-test-\d{4}"\): rewardAmount/],
    ["an unknown status", (d: ReturnType<typeof generatedExport>) => void ((d.proposals[2] as { status: string }).status = "paid"), /proposals\[2\] .*status/],
    ["a score above 100", (d: ReturnType<typeof generatedExport>) => void (d.evaluations[3]!.score = 140), /evaluations\[3\] \(id "be-test-\d{4}"\): score/],
    ["an evaluation of a proposal not in the export", (d: ReturnType<typeof generatedExport>) => void (d.evaluations[0]!.proposalId = "bp-ghost"), /proposalId "bp-ghost" names no proposal/],
    ["a duplicate proposal id", (d: ReturnType<typeof generatedExport>) => void (d.proposals[5]!.id = d.proposals[6]!.id), /id "bp-test-\d{4}" appears more than once/],
    ["an extra field", (d: ReturnType<typeof generatedExport>) => void Object.assign(d.proposals[0]!, { internalNote: "x" }), /proposals\[0\] .*internalNote|Unrecognized key/],
    ["a title with a direction override", (d: ReturnType<typeof generatedExport>) => void (d.proposals[4]!.title = "Invoice \u202Efdp.exe"), /proposals\[4\] \(id "bp-test-\d{4}"\): title: must not contain bidirectional override characters/],
    ["a rationale with an isolate left open", (d: ReturnType<typeof generatedExport>) => void (d.evaluations[1]!.rationale = "Sound \u2067work"), /evaluations\[1\] \(id "be-test-\d{4}"\): rationale: line 1 opens a bidirectional embedding or isolate/],
    ["a summary with a control character", (d: ReturnType<typeof generatedExport>) => void (d.proposals[0]!.summary = "Ring \u0007 the bell"), /proposals\[0\] \(id "bp-test-\d{4}"\): summary: must not contain control characters/],
  ])("rejects an export with %s, names the record and writes nothing", async (_name, spoil, message) => {
    const backend = await fresh();
    await loadBountyState(backend.writer.db, generatedExport(8, 3));
    const before = await ids(backend);
    const bad = generatedExport(20, 10);
    spoil(bad);
    const error = await loadBountyState(backend.writer.db, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BountyExportError);
    expect((error as Error).message).toMatch(message);
    expect(await counts(backend)).toEqual({ proposals: 8, evaluations: 3 });
    expect(await ids(backend)).toEqual(before);
  });

  it.each([[null], [[]], [{ proposals: [] }], [{ proposals: {}, evaluations: [] }], ["text"]])("rejects the malformed export %j", async (bad) => {
    const backend = await fresh();
    await expect(loadBountyState(backend.writer.db, bad)).rejects.toBeInstanceOf(BountyExportError);
    expect(await counts(backend)).toEqual({ proposals: 0, evaluations: 0 });
  });

  it("rolls back everything when the database refuses a row after the old state was deleted", async () => {
    const backend = await fresh();
    await loadBountyState(backend.writer.db, generatedExport(8, 3));
    const before = await ids(backend);
    // The evaluations are inserted last, after the deletes and the proposals: refuse them there.
    if (backend.name === "sqlite") {
      await sql`create trigger refuse_eval before insert on bounty_evaluations begin select raise(abort, 'refused by test'); end`.execute(backend.writer.db);
    } else {
      await sql`create function refuse_eval() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(backend.writer.db);
      await sql`create trigger refuse_eval before insert on bounty_evaluations for each row execute function refuse_eval()`.execute(backend.writer.db);
    }
    await expect(loadBountyState(backend.writer.db, generatedExport(50, 5))).rejects.toThrow(/refused by test/);
    expect(await counts(backend)).toEqual({ proposals: 8, evaluations: 3 });
    expect(await ids(backend)).toEqual(before);
  });

  it("ensureSampleBountyState loads the sample only into empty tables", async () => {
    const backend = await fresh();
    expect(await ensureSampleBountyState(backend.writer.db)).toBe(true);
    expect(await counts(backend)).toEqual({ proposals: 12, evaluations: 20 });
    expect(await ensureSampleBountyState(backend.writer.db)).toBe(false);
    await loadBountyState(backend.writer.db, generatedExport(3, 1));
    expect(await ensureSampleBountyState(backend.writer.db)).toBe(false);
    expect(await counts(backend)).toEqual({ proposals: 3, evaluations: 1 });

    const service = await startService(backend.location);
    cleanups.push(() => service.close());
    await loadBountyState(backend.writer.db, sample);
    const page = await getJson(service.url, "/v1/bounty-proposals?limit=100");
    expect(page.body.items).toHaveLength(12);
    expect(page.body.items[0].title).toBe("Verify the port authority procurement figures");
    // loaded as an export it is ordinary data; loaded as the bundled sample every record says so
    expect(page.body.items.every((p: { sample: boolean }) => p.sample === false)).toBe(true);
    await backend.writer.db.deleteFrom("bounty_evaluations").execute();
    await backend.writer.db.deleteFrom("bounty_proposals").execute();
    expect(await ensureSampleBountyState(backend.writer.db)).toBe(true);
    const marked = await getJson(service.url, "/v1/bounty-proposals?limit=100");
    expect(marked.body.items.every((p: { sample: boolean }) => p.sample === true)).toBe(true);
    const evaluations = await getJson(service.url, "/v1/bounty-evaluations?limit=100");
    expect(evaluations.body.items).toHaveLength(20);
    expect(evaluations.body.items.every((e: { sample: boolean }) => e.sample === true)).toBe(true);
  });
});

describe("the bundled sample", () => {
  it("is a valid, realistic export of 12 proposals and 20 evaluations", () => {
    expect(sample.proposals).toHaveLength(12);
    expect(sample.evaluations).toHaveLength(20);
    for (const p of sample.proposals) bountyProposalSchema.parse(p);
    for (const e of sample.evaluations) bountyEvaluationSchema.parse(e);
    const ids = new Set(sample.proposals.map((p) => p.id));
    expect(sample.evaluations.every((e) => ids.has(e.proposalId))).toBe(true);
    expect(JSON.stringify(sample)).not.toMatch(/lorem|ipsum|foo|bar baz/i);
    expect(sample.proposals.some((p) => p.outletSlug === "harbor-ledger")).toBe(true);
  });
});

describe("npm run bounty:load", () => {
  const cwd = path.resolve(import.meta.dirname, "../..");
  const tsx = path.join(cwd, "node_modules/.bin/tsx");

  async function runCli(args: string[], dataDir: string) {
    const env = { ...process.env, CAPSULE_DATA_DIR: dataDir, DATABASE_URL: "" };
    try {
      const { stdout, stderr } = await run(tsx, ["bounty/load-state.ts", ...args], { cwd, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it("migrates and loads an export file, then refuses a bad one naming the record and keeps the state", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const good = path.join(dir, "good.json");
    fs.writeFileSync(good, JSON.stringify(generatedExport(15, 6)));
    const ok = await runCli([good], dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("15 proposals and 6 evaluations");

    const badData = generatedExport(2, 1);
    badData.evaluations[0]!.evaluator = "0x1234";
    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify(badData));
    const refused = await runCli([bad], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/evaluations\[0\] \(id "be-test-0001"\): evaluator/);
    expect(refused.stderr).toContain("Nothing was written");

    const notJson = path.join(dir, "broken.json");
    fs.writeFileSync(notJson, "{ proposals: [");
    const broken = await runCli([notJson], dir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("is not valid JSON");

    const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
    cleanups.push(() => handle.close());
    const n = await handle.db.selectFrom("bounty_proposals").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(15);
  });
});
