import { processHolder } from "@/lib/process-registry";
// This server's place in the leadership, as routes see it (/api/network/status). In the process registry:
// leadership runs in the tsx server entry's module graph, routes in Next's bundles.
export type LeadershipState = { role: "leader" | "follower"; duties: string[]; since: number };

const globalForLeadership = processHolder<{ capsuleLeadership: LeadershipState }>("leadership");

export const leadershipState = (): LeadershipState | undefined => globalForLeadership.capsuleLeadership;

export function publishLeadership(state: LeadershipState | undefined): void {
  globalForLeadership.capsuleLeadership = state;
}
