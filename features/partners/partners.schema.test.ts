import { describe, expect, it } from "vitest";
import { ZRegisterWebhookBody, ZWebhookSecret } from "./partners.schema";

describe("the webhook secret", () => {
  it("refuses what is not a secret with an issue instead of throwing (atob refuses a lone base64 character)", () => {
    for (const value of ["hunter2", "whsec_A", "whsec_AAAAA", `whsec_${"A".repeat(8)}`]) expect(ZWebhookSecret.safeParse(value).success, value).toBe(false);
    const body = ZRegisterWebhookBody.safeParse({ partnerWallet: "0x1234", url: "not an address", secret: "hunter2", eventTypes: [] });
    expect(body.success).toBe(false);
    expect(new Set(body.error?.issues.map((issue) => issue.path[0]))).toEqual(new Set(["partnerWallet", "url", "secret", "eventTypes"]));
  });

  it("accepts a secret of 24 to 64 random bytes", () => {
    expect(ZWebhookSecret.safeParse(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).success).toBe(true);
    expect(ZWebhookSecret.safeParse(`whsec_${Buffer.alloc(65, 7).toString("base64")}`).success).toBe(false);
  });
});
