// The 30-unit publish fee and its six-way split, as data (the ArticleRegistry contract holds the same numbers).
export const SUBMISSION_FEE_WEI = 30n * 10n ** 18n;

export const feeRecipients = [
  { key: "validators", label: "Validators", bps: 3500, contract: "validatorsVault" },
  { key: "burnPool", label: "Burn pool", bps: 2000, contract: "burnPool" },
  { key: "mediaValidators", label: "Media validators", bps: 1500, contract: "mediaValidatorsVault" },
  { key: "integrityTreasury", label: "Integrity treasury", bps: 1000, contract: "integrityTreasury" },
  { key: "vaultOperators", label: "Vault operators", bps: 1000, contract: "vaultOperatorsVault" },
  { key: "foundation", label: "Foundation", bps: 1000, contract: "foundationVault" },
] as const;

export type FeeRecipientKey = (typeof feeRecipients)[number]["key"];
export type FeeShare = (typeof feeRecipients)[number] & { amountWei: bigint; percent: number };

/** Splits `amountWei` by basis points; the last recipient takes any rounding remainder. */
export function splitFee(amountWei: bigint = SUBMISSION_FEE_WEI): FeeShare[] {
  let rest = amountWei;
  return feeRecipients.map((recipient, index) => {
    const share = index === feeRecipients.length - 1 ? rest : (amountWei * BigInt(recipient.bps)) / 10_000n;
    rest -= share;
    return { ...recipient, amountWei: share, percent: recipient.bps / 100 };
  });
}

/** The split of the 30-unit publish fee: 10.5 / 6 / 4.5 / 3 / 3 / 3. */
export const feeSplit: readonly FeeShare[] = splitFee(SUBMISSION_FEE_WEI);
