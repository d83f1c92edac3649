import { formatCap } from "@/components/ui/capsule-format";

const WALLET_STEP = 10n ** 14n;

/**
 * A wallet's CAP as the bonds page shows it. A balance carries fee dust (9,749.999895004662336569 CAP), so it is
 * written to 4 decimals, rounded down: it never claims more than the wallet holds (the exact amount goes in a title).
 */
export const walletCap = (wei: bigint): string => formatCap(wei - (wei % WALLET_STEP));
