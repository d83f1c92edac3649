import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { wellKnownDevKeys } from "@/lib/config/dev-keys";
import { AppError } from "@/lib/errors/app-error";
import { operatorKeyIsPublic, PUBLIC_OPERATOR_KEY_MESSAGE, refuseOperatorWithPublicKey } from "./public-operator-key";

const devKey = wellKnownDevKeys[0];
const privateKey = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const operator = privateKeyToAccount(devKey).address;
const someoneElse = privateKeyToAccount(wellKnownDevKeys[3]).address;

function refusal(wallet: `0x${string}`, settings: { CAPSULE_OPERATOR_KEY: string; CAPSULE_HOST: string }): AppError | undefined {
  try {
    refuseOperatorWithPublicKey(wallet, settings);
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe("operatorKeyIsPublic", () => {
  it("is true for a public development key on a host beyond loopback", () => {
    for (const host of ["0.0.0.0", "::", "192.0.2.10", "news.example.org"]) expect(operatorKeyIsPublic(devKey, host)).toBe(true);
    expect(operatorKeyIsPublic(wellKnownDevKeys[9], "0.0.0.0")).toBe(true);
    expect(operatorKeyIsPublic(devKey.slice(2).toUpperCase(), "0.0.0.0")).toBe(true);
  });

  it("is false on loopback, and for a private key anywhere", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"]) expect(operatorKeyIsPublic(devKey, host)).toBe(false);
    for (const host of ["0.0.0.0", "127.0.0.1"]) expect(operatorKeyIsPublic(privateKey, host)).toBe(false);
  });
});

describe("refuseOperatorWithPublicKey", () => {
  it("refuses the operator's wallet with 403 and says why when the key is public and the server is bound beyond loopback", () => {
    const error = refusal(operator, { CAPSULE_OPERATOR_KEY: devKey, CAPSULE_HOST: "0.0.0.0" });
    expect(error).toBeInstanceOf(AppError);
    expect(error?.statusCode).toBe(403);
    expect(error?.code).toBe("FORBIDDEN");
    expect(error?.message).toBe(PUBLIC_OPERATOR_KEY_MESSAGE);
    expect(error?.message).toMatch(/public development key.*private operator key/);
    expect(error?.message).not.toContain(devKey.slice(2));
  });

  it("lets the operator act on loopback, every other wallet anywhere, and the operator with a private key", () => {
    expect(refusal(operator, { CAPSULE_OPERATOR_KEY: devKey, CAPSULE_HOST: "127.0.0.1" })).toBeUndefined();
    expect(refusal(someoneElse, { CAPSULE_OPERATOR_KEY: devKey, CAPSULE_HOST: "0.0.0.0" })).toBeUndefined();
    expect(refusal(privateKeyToAccount(privateKey).address, { CAPSULE_OPERATOR_KEY: privateKey, CAPSULE_HOST: "0.0.0.0" })).toBeUndefined();
  });
});
