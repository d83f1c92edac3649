// Capsules that never reached the chain are private for ever (features/capsules/draft-visibility.repository.ts holds who
// may still read them). A pure rule over a capsule row's two columns, shared by reads, lists and
// revision chains.

/**
 * Never reached the chain: no submission transaction, and a draft or a draft its author withdrew
 * (rejected; a submitted draft becomes pending with its transaction in the same write, and a
 * rebuild's reset clears both together).
 */
export const neverOnChain = (row: { status: string; submit_tx_hash: string | null }): boolean =>
  row.submit_tx_hash === null && (row.status === "draft" || row.status === "rejected");
