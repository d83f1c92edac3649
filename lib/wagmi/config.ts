import { createConfig, createStorage, cookieStorage, http, webSocket, fallback } from "wagmi";
import { injected } from "wagmi/connectors";
import { capsuleGatewayChain, CAPSULE_CHAIN_ID } from "@/lib/chain/chain";
import { devWalletConnectors } from "@/lib/wallet/dev-wallets";

// The browser reaches the chain only through the public gateways (/rpc, /ws) of its own origin.
export function makeWagmiConfig() {
  const origin = typeof window === "undefined" ? "http://127.0.0.1:3000" : window.location.origin;
  const rpcUrl = `${origin}/rpc`;
  const wsUrl = `${origin.replace(/^http/, "ws")}/ws`;
  const chain = capsuleGatewayChain(rpcUrl, wsUrl);
  return createConfig({
    chains: [chain],
    // dev wallets exist only in `npm run dev` (NODE_ENV=development); production builds drop them
    connectors: [injected(), ...devWalletConnectors(rpcUrl)],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: { [CAPSULE_CHAIN_ID]: fallback([webSocket(wsUrl), http(rpcUrl)]) },
  });
}
