import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { readDeployment, type DeploymentRecord } from "@/lib/chain/deployment-record";
import { signBallot } from "@/lib/chain/vouchers";
import type { Db } from "@/lib/db/database";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { bridgeClient } from "@/test/support/bridge-client";
import { devKeys } from "@/test/support/anvil";
import { VOTERS, type VoteStream } from "@/test/indexer/support/vote-stream";

// Helpers of the operator outbox tests: the voters' SQL roles, signed ballots relayed through
// POST /api/capsules/:id/vote, and a SIGKILL of a whole process tree (the stack and its anvil).

export type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function deploymentOf(dataDir: string): DeploymentRecord {
  const record = readDeployment(path.join(dataDir, "deployment.json"));
  if (!record) throw new Error(`no deployment record in ${dataDir}`);
  return record;
}

/** Bonded Editor rows in SQL for every voter, as POST /api/roles/grant writes them. */
export async function editorRoles(db: Db, slug: string, stream: VoteStream): Promise<void> {
  const outlet = await db.selectFrom("outlets").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto("outlet_roles")
    .values(VOTERS.map((i) => ({ outlet_id: outlet.id, outlet_slug: slug, wallet: stream.address(i), role_id: 3, bonded: 1, granted_at: now, granted_by: stream.address(0), revoked_at: null, revoked_by: null })))
    .execute();
}

/** A ballot signed by voter `index` with its current CapsuleAcceptance nonce. */
export async function ballot(stream: VoteStream, deployment: DeploymentRecord, index: number, capsuleId: number, support: boolean, deadlineFromNow = 3600) {
  const account = privateKeyToAccount(devKeys[index] as Hex);
  const acceptance = deployment.contracts.capsuleAcceptance.address as Hex;
  const { capsuleAcceptanceAbi } = await import("@/lib/chain/abi");
  const nonce = await stream.publicClient.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
  const block = await stream.publicClient.getBlock({ blockTag: "latest" });
  const deadline = block.timestamp + BigInt(deadlineFromNow);
  const signature = await signBallot(account, acceptance, deployment.chainId, { capsuleId: BigInt(capsuleId), support, voter: account.address, nonce, deadline });
  return { support, deadline: deadline.toString(), signature };
}

export async function relay(baseUrl: string, index: number, capsuleId: number, body: unknown) {
  return bridgeClient(baseUrl).postRaw(capsuleVote, { id: capsuleId }, devKeys[index] as Hex, body);
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    let children = "";
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) out.push(child, ...descendants(child));
  }
  return out;
}

/** kill -9 of the process and every descendant (anvil included), at the same moment. */
export function killTree(pid: number): void {
  const all = [pid, ...descendants(pid)];
  for (const p of all) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const expectOk = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
