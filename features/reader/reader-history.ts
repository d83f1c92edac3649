import "server-only";
import { createHash } from "node:crypto";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { findCapsule, listChain } from "@/features/capsules/capsules.repository";
import { rootIdOf } from "@/features/capsules/chain-order";
import { wordDiff, wordDiffStats, type WordChange } from "@/lib/diff/word-diff";
import { articlePlainText } from "@/lib/markdown/plain-text";
import { keptResults } from "@/lib/markdown/kept-results";
import { isPublished, latestPublished, revisionUnderVote } from "./reader-chain";
import { findOutletById } from "@/features/outlets/outlets.repository";

// What a reader may see of an article's revisions (/read/:id/history and the "what changed" on a
// corrected article): only versions that were finalized on chain, each compared word by word with the
// version before it, on the plain text of the rendered article.

export type WhatChanged = { previousId: string; changes: WordChange[]; added: number; removed: number };

export type ReaderVersion = {
  capsuleId: string;
  revisionNumber: number;
  capsuleType: string;
  revisionReason: string | null;
  title: string;
  finalizedAt: number;
  current: boolean;
  /** Against the previous published version; null for the first. */
  whatChanged: WhatChanged | null;
};

export type ReaderHistory = {
  rootId: string;
  outletSlug: string;
  outletName: string;
  title: string;
  versions: ReaderVersion[];
  underVote: { capsuleId: string; capsuleType: string; closesAt: string } | null;
};

const readerText = (row: Pick<CapsuleRow, "title" | "subtitle" | "body">) => [row.title, row.subtitle ?? "", articlePlainText(row.body)].filter(Boolean).join("\n");
/** The fields readerText is made of, unambiguously joined (the key of a kept diff). */
const readerBody = (row: Pick<CapsuleRow, "title" | "subtitle" | "body">) => JSON.stringify([row.title, row.subtitle ?? "", row.body]);

/**
 * Word diffs already made, by the SHA-256 of the two texts (200 of them). A published version's text never changes,
 * and the history page diffs every version against the one before on each request: parsing two long bodies and
 * diffing them takes seconds of CPU, which a page read again and again would spend every time.
 */
const diffs = keptResults<{ changes: WordChange[]; added: number; removed: number }>(200);
const digest = (text: string) => createHash("sha256").update(text).digest("base64");

export function whatChangedBetween(previous: CapsuleRow, next: CapsuleRow): WhatChanged {
  const key = `${digest(readerBody(previous))}:${digest(readerBody(next))}`;
  const made = diffs(key, () => {
    const changes = wordDiff(readerText(previous), readerText(next));
    return { changes, ...wordDiffStats(changes) };
  });
  return { previousId: String(previous.id), ...made };
}

/** The published versions of a chain, oldest first. */
export const publishedVersions = (chain: CapsuleRow[]): CapsuleRow[] =>
  chain.filter(isPublished).sort((a, b) => a.revision_number - b.revision_number || a.id - b.id);

/** The word diff of `row` against the published version before it, if there is one. */
export function whatChangedIn(chain: CapsuleRow[], row: CapsuleRow): WhatChanged | null {
  const versions = publishedVersions(chain);
  const index = versions.findIndex((v) => v.id === row.id);
  const previous = index > 0 ? versions[index - 1] : undefined;
  return previous ? whatChangedBetween(previous, row) : null;
}

/** The reader's history of the article that `id` belongs to, or undefined when `id` is not a published article. */
export async function readerHistory(db: DbOrTrx, id: number): Promise<ReaderHistory | undefined> {
  const row = await findCapsule(db, id);
  if (!row || !isPublished(row)) return undefined;
  const chain = await listChain(db, rootIdOf(row));
  const versions = publishedVersions(chain);
  const current = latestPublished(chain) ?? row;
  const pending = revisionUnderVote(chain);
  const outlet = await findOutletById(db, row.outlet_id);
  return {
    rootId: String(rootIdOf(row)),
    outletSlug: row.outlet_slug,
    outletName: outlet?.name ?? row.outlet_slug,
    title: current.title,
    versions: versions.map((v, i) => ({
      capsuleId: String(v.id),
      revisionNumber: v.revision_number,
      capsuleType: v.capsule_type,
      revisionReason: v.revision_reason,
      title: v.title,
      finalizedAt: v.finalized_at ?? 0,
      current: v.id === current.id,
      whatChanged: i > 0 ? whatChangedBetween(versions[i - 1] as CapsuleRow, v) : null,
    })),
    underVote: pending ? { capsuleId: String(pending.id), capsuleType: pending.capsule_type, closesAt: String(pending.closes_at ?? 0) } : null,
  };
}
