import type { CreateConnectorFn } from "wagmi";
import { devWalletConnector } from "./dev-wallet-connector";

/**
 * Dev-wallet connectors for `npm run dev` only. The NODE_ENV check is inlined at build time, so in
 * `next build` this returns [] and the keys below are dead code the minifier removes.
 * The keys are anvil's published test-mnemonic accounts ("test test … junk"), never real keys;
 * #0 is left out because it is the local operator's account.
 */
export function devWalletConnectors(rpcUrl: string): CreateConnectorFn[] {
  if (process.env.NODE_ENV !== "development") return [];
  const anvilTestKeys = [
    "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
    "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  ] as const;
  return anvilTestKeys.map((privateKey, i) => devWalletConnector({ index: i + 1, privateKey, rpcUrl }));
}
