// This server's place in the leadership, as routes see it (/api/network/status). On globalThis:
// leadership runs in the tsx server entry's module graph, routes in Next's bundles.
export type LeadershipState = { role: "leader" | "follower"; duties: string[]; since: number };

const globalForLeadership = globalThis as unknown as { capsuleLeadership?: LeadershipState };

export const leadershipState = (): LeadershipState | undefined => globalForLeadership.capsuleLeadership;

export function publishLeadership(state: LeadershipState | undefined): void {
  globalForLeadership.capsuleLeadership = state;
}
