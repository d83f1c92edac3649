import { ApiError, apiErrorInWords } from "@/lib/api/api-client";
import { contractRefusal } from "./contract-errors";

// Wallet and bridge failures in words for the page (never raw codes).

type WithCode = { code?: unknown; name?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown };

function walk(error: unknown): WithCode[] {
  const chain: WithCode[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    chain.push(current as WithCode);
    current = (current as WithCode).cause;
  }
  return chain;
}

export function describeWalletError(error: unknown, doing = "complete the request"): string {
  if (error instanceof ApiError) return apiErrorInWords(error);
  const chain = walk(error);
  const has = (test: (e: WithCode) => boolean) => chain.some(test);
  if (has((e) => e.code === 4001 || e.name === "UserRejectedRequestError")) return `You rejected the request in your wallet, so Capsule could not ${doing}.`;
  if (has((e) => e.code === 4100 || e.name === "UnauthorizedProviderError")) return "Your wallet did not allow this account to be used. Unlock it and try again.";
  if (has((e) => e.code === 4902 || e.name === "ChainNotConfiguredError" || e.name === "ChainMismatchError")) {
    return "Your wallet is on a different network. Switch it to the Capsule network (chain id 77117002) and try again.";
  }
  if (has((e) => e.code === -32002)) return "Your wallet already has a request waiting. Open the wallet and answer it first.";
  if (has((e) => e.name === "ProviderNotFoundError" || e.name === "ConnectorNotFoundError")) {
    return "No browser wallet was found. Install a wallet extension (for example MetaMask or Rabby) and reload the page.";
  }
  const first = chain[0];
  const text = typeof first?.shortMessage === "string" ? first.shortMessage : typeof first?.message === "string" ? first.message : "";
  const refusal = contractRefusal(chain.map((e) => `${typeof e.shortMessage === "string" ? e.shortMessage : ""} ${typeof e.message === "string" ? e.message : ""}`).join(" "));
  if (refusal) return `Could not ${doing}: ${refusal.words}.`;
  return text ? `Could not ${doing}: ${text}` : `Could not ${doing}. Try again.`;
}
