import { isAddressEqual, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devKeyIndex } from "@/lib/config/dev-keys";
import { AppError } from "@/lib/errors/app-error";
import { isLoopbackHost } from "./sign-in-origins";

// The bundled anvil's operator key is anvil's public development key #0: anyone can sign as the
// operator with it. On loopback only this machine reaches the bridge (tests, the local desk); bound
// beyond it, the bridge refuses the operator's signed actions (docs/DECISIONS.md, "The operator's
// signature counts only with a private key or on loopback"), as the gateway refuses its transactions.

export const PUBLIC_OPERATOR_KEY_MESSAGE =
  "The operator key is one of anvil's public development keys, which anyone can sign with, and this server listens beyond loopback: " +
  "actions signed by the operator are refused. Configure a private operator key to act as the operator.";

/** Whether anyone could sign as the operator: its key is a public development key and the server is reachable from other machines. */
export function operatorKeyIsPublic(operatorKey: string, bindHost: string): boolean {
  return devKeyIndex(operatorKey) >= 0 && !isLoopbackHost(bindHost);
}

type Settings = { CAPSULE_OPERATOR_KEY: string; CAPSULE_HOST: string };
let memo: { settings: Settings; refused: Address | undefined } | undefined;

/** The operator's address when its signature proves nothing (see above), else undefined; worked out once per configuration. */
function refusedOperator(settings: Settings): Address | undefined {
  if (memo?.settings !== settings) {
    const refused = operatorKeyIsPublic(settings.CAPSULE_OPERATOR_KEY, settings.CAPSULE_HOST) ? privateKeyToAccount(settings.CAPSULE_OPERATOR_KEY as Hex).address : undefined;
    memo = { settings, refused };
  }
  return memo.refused;
}

/** 403 FORBIDDEN for an action signed by the operator's wallet (directly or through its session key) when its key is public. */
export function refuseOperatorWithPublicKey(wallet: Address, settings: Settings): void {
  const refused = refusedOperator(settings);
  if (refused && isAddressEqual(wallet, refused)) throw new AppError("FORBIDDEN", PUBLIC_OPERATOR_KEY_MESSAGE);
}
