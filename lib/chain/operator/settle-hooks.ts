import "server-only";
import type { Log } from "viem";
import type { Trx } from "@/lib/db/database";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { processHolder } from "@/lib/process-registry";

/**
 * What a mined (or reverted) outbox row completes in SQL, per purpose: e.g. a court penalty's row
 * is written from its receipt's PenaltyApplied log. Services register their hook when loaded; the
 * hooks are in the process registry (lib/process-registry.ts) because Next's route bundles and the server entry (the worker) are
 * separate module graphs. A hook runs in the same SQL transaction that settles the row, once per
 * settlement (the request waiting on the receipt and the worker may both settle: hooks are idempotent).
 */
export type SettledReceipt = { status: "success" | "reverted"; blockNumber: bigint; logs: readonly Log[] };
export type SettleHook = (trx: Trx, row: OutboxRow, receipt: SettledReceipt, failure?: { code: string; name: string; message: string }) => Promise<void>;

const registry = processHolder<{ capsuleOutboxSettleHooks: Map<string, SettleHook> }>("outboxSettleHooks");
const hooks = () => (registry.capsuleOutboxSettleHooks ??= new Map());

export function registerSettleHook(purpose: string, hook: SettleHook): void {
  hooks().set(purpose, hook);
}

export function settleHookFor(purpose: string): SettleHook | undefined {
  return hooks().get(purpose);
}
