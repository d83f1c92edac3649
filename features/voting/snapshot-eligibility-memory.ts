import { onProjectionChange } from "@/lib/indexer/change-feed";

/**
 * Snapshot eligibility answers already read from RoleRegistry, by outlet, wallet and snapshot block. A past block's
 * checkpoints do not change unless a reorg replaces that block: a rewind of the projection to a fork block (the last
 * block kept) before a remembered snapshot forgets it. The feed reaches every server (NOTIFY on PostgreSQL), and
 * its rewind is kept even when a change is too large to list.
 */
const REMEMBERED = 10_000;
const answers = new Map<string, { snapshotBlock: number; eligible: boolean }>();
let listening = false;

const keyOf = (outletSlug: string, wallet: string, snapshotBlock: number) => `${outletSlug} ${wallet.toLowerCase()} ${snapshotBlock}`;

function listen(): void {
  if (listening) return;
  listening = true;
  onProjectionChange((change) => {
    if (change.rewound) forgetAfter(change.rewound.forkBlock);
  });
}

function forgetAfter(forkBlock: number): void {
  for (const [key, answer] of answers) if (answer.snapshotBlock > forkBlock) answers.delete(key);
}

export function recallEligibility(outletSlug: string, wallet: string, snapshotBlock: number): boolean | undefined {
  listen();
  return answers.get(keyOf(outletSlug, wallet, snapshotBlock))?.eligible;
}

export function rememberEligibility(outletSlug: string, wallet: string, snapshotBlock: number, eligible: boolean): void {
  listen();
  if (answers.size >= REMEMBERED) answers.delete(answers.keys().next().value as string);
  answers.set(keyOf(outletSlug, wallet, snapshotBlock), { snapshotBlock, eligible });
}
