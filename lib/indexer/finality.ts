// How many blocks below the checkpoint keep the hash the indexer verified, so a reorg's fork point
// is found where it happened. A deeper reorg is still detected (the checkpoint's own hash is always
// compared) and undone; its fork point is then the last indexed event block whose hash still
// matches, or the deployment block. Figures for public chains are the ones Ponder uses.
const defaults: ReadonlyArray<{ chainIds: number[]; depth: number; why: string }> = [
  { chainIds: [1, 11155111, 17000, 560048], depth: 65, why: "Ethereum: finalized after two epochs (64 slots)" },
  { chainIds: [137, 80002], depth: 200, why: "Polygon PoS: reorgs of over 100 blocks have happened" },
  { chainIds: [42161, 42170, 421614], depth: 240, why: "Arbitrum: ~1 minute of 0.25 s blocks" },
  { chainIds: [10, 8453, 11155420, 84532], depth: 30, why: "OP Stack: ~1 minute of 2 s blocks" },
  { chainIds: [77117002, 77117003, 31337], depth: 64, why: "the bundled anvil: a crash loses up to 5 s of blocks (state interval)" },
];

export const OTHER_CHAINS_FINALITY_DEPTH = 128;

export function defaultFinalityDepth(chainId: number): number {
  return defaults.find((entry) => entry.chainIds.includes(chainId))?.depth ?? OTHER_CHAINS_FINALITY_DEPTH;
}

/** CAPSULE_FINALITY_DEPTH when set, else the chain's default. */
export function finalityDepth(chainId: number, configured: number | undefined): number {
  return configured ?? defaultFinalityDepth(chainId);
}
