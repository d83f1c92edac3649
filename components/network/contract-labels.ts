/** What a deployment's contracts are called on the network and operator pages (unknown names show as they are). */
export const contractLabels: Readonly<Record<string, string>> = {
  articleRegistry: "Article registry",
  capsuleAcceptance: "Capsule acceptance (votes)",
  roleRegistry: "Role registry (bonds)",
  burnPool: "Burn pool",
  integrityCourt: "Integrity court",
  juryCourt: "Jury court",
  validatorsVault: "Validators vault",
  mediaValidatorsVault: "Media validators vault",
  integrityTreasury: "Integrity treasury",
  vaultOperatorsVault: "Vault operators vault",
  foundationVault: "Foundation vault",
  licenceEscrow: "Licence escrow",
};
