import { parseTransaction, recoverTransactionAddress, type TransactionSerialized } from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import { RpcError, type JsonRpcRequest } from "./json-rpc";

/** EIP-1474's "transaction rejected". */
const TRANSACTION_REJECTED = -32003;
const INVALID_PARAMS = -32602;

// The bridge operator signs vouchers, relays ballots and finalizes; it never needs the public gateway,
// and its key is anvil's public development key on the bundled chain. So the gateway refuses any raw
// transaction signed by a refused sender (the operator's account): a leaked or public operator key
// cannot be spent through this server, whatever else reaches the node. An EIP-7702 transaction carries
// authorizations signed by other accounts, each of which sets code on its signer's account: one signed by
// the operator's key, sent from anyone's wallet, would let every later call to the operator's address run
// that code as the operator. So the authorizations' signers are refused like the sender, and a raw
// transaction the gateway cannot read (and so cannot check) is not forwarded.

const refusedOperator = () => new RpcError(TRANSACTION_REJECTED, "transaction rejected: the bridge operator's account does not send transactions through this gateway");

/** The accounts that sign for a raw transaction: its sender and, for EIP-7702, each authorization's signer (lowercase). */
async function signersOf(raw: TransactionSerialized): Promise<string[]> {
  const signers = [(await recoverTransactionAddress({ serializedTransaction: raw })).toLowerCase()];
  const parsed = parseTransaction(raw);
  if (parsed.type === "eip7702") {
    for (const authorization of parsed.authorizationList ?? []) signers.push((await recoverAuthorizationAddress({ authorization })).toLowerCase());
  }
  return signers;
}

/** -32003 when the request is an eth_sendRawTransaction signed, or authorized, by one of `refused` (lowercase addresses), or unreadable. */
export async function senderRefusal(request: JsonRpcRequest, refused: ReadonlySet<string>): Promise<RpcError | undefined> {
  if (request.method !== "eth_sendRawTransaction" || refused.size === 0) return undefined;
  const raw = request.params[0];
  if (typeof raw !== "string") return undefined; // the parameter check answers it
  let signers: string[];
  try {
    signers = await signersOf(raw as TransactionSerialized);
  } catch {
    return new RpcError(INVALID_PARAMS, "params[0]: this gateway cannot read the transaction (its type, fields or signatures), so it does not forward it");
  }
  return signers.some((signer) => refused.has(signer)) ? refusedOperator() : undefined;
}
