import "server-only";
import { erc20Abi, type Address } from "viem";
import { chainClients } from "@/lib/chain/server/clients";
import { chainRead } from "@/lib/chain/server/chain-io";
import { MAX_TOKEN_DECIMALS, TOKEN_SYMBOL_PATTERN, type TokenFacts } from "./token.schema";

// A reward token's decimals and symbol, read on the bridge's node. A token that does not answer (no code at the
// address, a call that reverts, an answer out of range) gives null, and the board then shows base units.
// Answers from a contract are kept (a token's decimals do not change), the newest KNOWN_TOKENS of them: the addresses
// come from the public, so the memory they take is bounded.

const KNOWN_TOKENS = 1_000;
const known = new Map<string, TokenFacts>();

async function optionalRead<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined; // a revert or an answer that does not decode: the token does not say
  }
}

export async function tokenFacts(address: Address): Promise<TokenFacts> {
  const cached = known.get(address);
  if (cached) return cached;
  const { publicClient } = chainClients();
  // the node not answering is 503 CHAIN_UNAVAILABLE, not a token without decimals
  const code = await chainRead("read a reward token's code", () => publicClient.getCode({ address }));
  if (!code || code === "0x") return { address, contract: false, decimals: null, symbol: null };
  const [decimals, symbol] = await Promise.all([
    optionalRead(() => publicClient.readContract({ address, abi: erc20Abi, functionName: "decimals" })),
    optionalRead(() => publicClient.readContract({ address, abi: erc20Abi, functionName: "symbol" })),
  ]);
  const facts: TokenFacts = {
    address,
    contract: true,
    decimals: typeof decimals === "number" && decimals <= MAX_TOKEN_DECIMALS ? decimals : null,
    symbol: typeof symbol === "string" && TOKEN_SYMBOL_PATTERN.test(symbol) ? symbol : null,
  };
  if (known.size >= KNOWN_TOKENS) known.delete(known.keys().next().value as string);
  known.set(address, facts);
  return facts;
}
