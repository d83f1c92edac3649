import { recoverTransactionAddress, type TransactionSerialized } from "viem";
import { RpcError, type JsonRpcRequest } from "./json-rpc";

/** EIP-1474's "transaction rejected". */
const TRANSACTION_REJECTED = -32003;

// The bridge operator signs vouchers, relays ballots and finalizes; it never needs the public gateway,
// and its key is anvil's public development key on the bundled chain. So the gateway refuses any raw
// transaction signed by a refused sender (the operator's account): a leaked or public operator key
// cannot be spent through this server, whatever else reaches the node.

/** -32003 when the request is an eth_sendRawTransaction signed by one of `refused` (lowercase addresses). */
export async function senderRefusal(request: JsonRpcRequest, refused: ReadonlySet<string>): Promise<RpcError | undefined> {
  if (request.method !== "eth_sendRawTransaction" || refused.size === 0) return undefined;
  const raw = request.params[0];
  if (typeof raw !== "string") return undefined;
  let sender: string;
  try {
    sender = (await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized })).toLowerCase();
  } catch {
    return undefined; // not a transaction viem can read: the node answers it
  }
  return refused.has(sender) ? new RpcError(TRANSACTION_REJECTED, "transaction rejected: the bridge operator's account does not send transactions through this gateway") : undefined;
}
