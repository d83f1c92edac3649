import "server-only";
import type { PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { config } from "@/lib/config/config";
import { processHolder } from "@/lib/process-registry";

const globalForOperator = processHolder<{ capsuleOperatorAccount: PrivateKeyAccount }>("operatorAccount");

/** The operator key, held only here: it signs outbox transactions and the bridge's vouchers. */
export function operatorAccount(): PrivateKeyAccount {
  globalForOperator.capsuleOperatorAccount ??= privateKeyToAccount(config().CAPSULE_OPERATOR_KEY as `0x${string}`);
  return globalForOperator.capsuleOperatorAccount;
}
