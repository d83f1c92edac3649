// Acceptance policies (seed: policy object; docs/ARCHITECTURE.md, "Vote arithmetic"). The bridge supplies them; a capsule keeps
// the policy (and its numbers) it was submitted under, snapshotted into its row at submission.

export type Policy = {
  policyId: string;
  /** Percent of the weighted votes cast that must approve. */
  approvalThreshold: number;
  /** Percent of the eligible weight that must take part. */
  quorumThreshold: number;
  votingWindowSeconds: number;
};

export const DEFAULT_POLICY: Policy = {
  policyId: "default",
  approvalThreshold: 60,
  quorumThreshold: 5,
  votingWindowSeconds: 259_200,
};

const policies: Record<string, Policy> = { [DEFAULT_POLICY.policyId]: DEFAULT_POLICY };

/** The policy with this id; unknown ids (an outlet naming a policy not defined here) fall back to the default. */
export function policyById(policyId: string | null | undefined): Policy {
  return (policyId && policies[policyId]) || DEFAULT_POLICY;
}

export const POLICY_NOTE = "Policy is supplied by the bridge layer; a submitted capsule keeps the policy snapshot it was submitted under.";
