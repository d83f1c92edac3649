import { describe, expect, it } from "vitest";
import { registerOutletErrors } from "./register-outlet-form";

// "Register outlet" pressed on an empty form: each empty field says the same plain thing, not the first rule its
// schema broke (the slug's pattern, the domain check's lower-case "the domain is empty: …").

const empty = { slug: "", name: "", domain: "", metadataURI: "" };

describe("the register-outlet form's errors", () => {
  it("say 'This field is required.' under every empty required field, and nothing under the optional one", () => {
    expect(registerOutletErrors(empty)).toEqual({ slug: "This field is required.", name: "This field is required.", domain: "This field is required." });
    expect(registerOutletErrors({ ...empty, slug: "   ", domain: " " })).toMatchObject({ slug: "This field is required.", domain: "This field is required." });
  });

  it("keep each field's own sentence once something is typed", () => {
    const errors = registerOutletErrors({ slug: "Bad Slug", name: "The Harbor Ledger", domain: "localhost", metadataURI: "" });
    expect(errors.slug).toContain("lowercase letters, digits or hyphens");
    expect(errors.domain).toBe("localhost is not a public domain");
    expect(registerOutletErrors({ slug: "harbor-ledger", name: "The Harbor Ledger", domain: "harborledger.example", metadataURI: "" })).toEqual({});
  });
});
