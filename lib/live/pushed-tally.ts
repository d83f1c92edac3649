import type { LiveTally } from "./live-event";

// A page's cached capsule read takes a pushed tally in place of a re-read (docs/DECISIONS.md,
// "Tallies in the pushed change"). Client-safe, pure.

type HoldsCapsule = { capsule: { id: string } };

const holdsCapsule = (data: unknown): data is HoldsCapsule =>
  typeof data === "object" && data !== null && "capsule" in data && typeof data.capsule === "object" && data.capsule !== null && "id" in data.capsule && typeof data.capsule.id === "string";

/** `data` with its `capsule`'s tally fields replaced by the pushed ones when it is that capsule's read; else `data` itself. */
export function withPushedTally<T>(data: T, tally: LiveTally): T {
  if (!holdsCapsule(data) || data.capsule.id !== tally.capsuleId) return data;
  const { capsuleId: _, ...fields } = tally;
  return { ...data, capsule: { ...data.capsule, ...fields } };
}
