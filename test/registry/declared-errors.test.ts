import { describe, expect, it } from "vitest";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { declaredOrThrow } from "@/test/support/bridge-client";

// Every integration test's answers pass through declaredOrThrow; here it is shown to refuse what it should.
describe("the test client's check that an error answer is declared by its endpoint", () => {
  it("refuses an error code the descriptor does not declare, naming the endpoint and the code", () => {
    expect(() => declaredOrThrow(vaultObject, 409, { ok: false, error: "VOTING_CLOSED" })).toThrow(/vault\.object.*409 VOTING_CLOSED/);
  });

  it("takes declared codes, the wrapper's own (rate limit, validation, signing) and successes", () => {
    expect(() => declaredOrThrow(vaultObject, 404, { ok: false, error: "VAULT_OBJECT_NOT_FOUND" })).not.toThrow();
    expect(() => declaredOrThrow(vaultObject, 429, { ok: false, error: "RATE_LIMITED" })).not.toThrow();
    expect(() => declaredOrThrow(authSessionRevoke, 401, { ok: false, error: "INVALID_SIGNATURE" })).not.toThrow();
    expect(() => declaredOrThrow(vaultObject, 200, { ok: true })).not.toThrow();
  });

  it("counts the operator's-public-key refusal (403) as every signed endpoint's answer", () => {
    expect(() => declaredOrThrow(authSessionRevoke, 403, { ok: false, error: "FORBIDDEN" })).not.toThrow();
    expect(() => declaredOrThrow(vaultObject, 403, { ok: false, error: "FORBIDDEN" })).toThrow(/does not declare/);
  });
});
