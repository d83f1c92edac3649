import type { capsuleStatuses } from "@/features/capsules/capsules.schema";
import { capsuleStatusStyle, capsuleTypeLabel } from "@/components/ui/capsule-format";

// What the desk says of each version of a revision chain, told from the chain's own statuses.
//
// The chain marks a finalized version "superseded" the moment a correction of it is submitted, before anyone has
// voted on that correction, and keeps the mark if the correction is rejected. Neither means readers see something
// else: until a correction is finalized the version it corrects is still the article (features/capsules/chain-order.ts,
// latestPublished, is the server's rule and the reader pages' one). So the desk calls a version "Superseded" only once
// a later version is published, calls the one readers see "Current", and calls a correction under vote that.

type TCapsuleStatus = (typeof capsuleStatuses)[number];

export type ChainMember = { capsuleId: string; revisionNumber: number; status: TCapsuleStatus; capsuleType: string };

export type VersionStanding = {
  /** The status whose look the badge takes (capsuleStatusStyle). */
  tone: TCapsuleStatus;
  /** The badge's words. */
  label: string;
  /** The version readers see now. */
  current: boolean;
};

const newestFirst = <T extends ChainMember>(chain: T[]): T[] => [...chain].sort((a, b) => b.revisionNumber - a.revisionNumber);

/**
 * The version readers see: the newest finalized one, else the newest superseded one (whose correction is under vote
 * or was rejected). Undefined while nothing in the chain was ever finalized.
 */
export function readersVersionOf<T extends ChainMember>(chain: T[]): T | undefined {
  const ordered = newestFirst(chain);
  return ordered.find((m) => m.status === "finalized") ?? ordered.find((m) => m.status === "superseded");
}

/**
 * Each member's standing, by capsule id. `fallbackCurrentId` (the bridge's current version) is called current only
 * while no version of the chain has been published.
 */
export function versionStandings(chain: ChainMember[], fallbackCurrentId?: string): Map<string, VersionStanding> {
  const published = readersVersionOf(chain);
  const currentId = published?.capsuleId ?? fallbackCurrentId;
  const standings = new Map<string, VersionStanding>();
  for (const member of chain) {
    const current = member.capsuleId === currentId;
    standings.set(member.capsuleId, { ...badgeOf(member, member.capsuleId === published?.capsuleId), current });
  }
  return standings;
}

function badgeOf(member: ChainMember, readersSeeIt: boolean): Pick<VersionStanding, "tone" | "label"> {
  // marked superseded by a correction that is still under vote, or was rejected: still the published article
  if (member.status === "superseded" && readersSeeIt) return { tone: "finalized", label: capsuleStatusStyle.finalized?.label ?? "Finalized" };
  if (member.status === "pending" && member.revisionNumber > 0 && (member.capsuleType === "correction" || member.capsuleType === "retraction")) {
    return { tone: "pending", label: `${capsuleTypeLabel[member.capsuleType]} under vote` };
  }
  return { tone: member.status, label: capsuleStatusStyle[member.status]?.label ?? member.status };
}
