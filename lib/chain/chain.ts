import { defineChain } from "viem";
import { CAPSULE_CHAIN_ID } from "@/lib/config/chain-id";

export { CAPSULE_CHAIN_ID };
// 77117002 is 0x498b64a; the seed's "0x499b4da" is a typo (docs/DECISIONS.md).
export const CAPSULE_CHAIN_ID_HEX = "0x498b64a";

export function capsuleChain(rpcUrl: string, wsUrl?: string) {
  return defineChain({
    id: CAPSULE_CHAIN_ID,
    name: "Capsule",
    nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl], ...(wsUrl ? { webSocket: [wsUrl] } : {}) } },
  });
}

/**
 * The chain as a browser page reaches it: through this site's /rpc and /ws gateways, which offer no
 * eth_getBlockByNumber (the method list is fixed, docs/API.md). viem's receipt wait reads blocks to spot a replaced
 * transaction whenever a block arrives before the receipt does, and then failed with "eth_getBlockByNumber does not
 * exist"; without that detection it polls the receipt alone until it is there.
 */
export function capsuleGatewayChain(rpcUrl: string, wsUrl?: string) {
  return { ...capsuleChain(rpcUrl, wsUrl), supportsTransactionReplacementDetection: false };
}
