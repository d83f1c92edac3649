// The TXT record an outlet publishes to prove it controls its domain (docs/ARCHITECTURE.md, "States").
export const TXT_PREFIX = "capsule-verification=";
export const expectedTxtValue = (token: string) => `${TXT_PREFIX}${token}`;
