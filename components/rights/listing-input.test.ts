import { describe, expect, it } from "vitest";
import { ZRoleChangeBody } from "@/features/roles/roles.schema";
import { ApiError } from "@/lib/api/api-client";
import { apiFieldErrors, OUTLET_FIELD_WORDS, zodFieldErrors } from "@/components/outlets/field-errors";
import { checkListing, expiryFromDate, LISTING_FIELD_WORDS, LISTING_FIELDS, type ListingValues } from "./listing-input";

// The rights listing form's errors are sentences a journalist understands, never the schema's wording
// ("a 0x-prefixed 20-byte address", "ISO 3166-1 alpha-2"), whether the browser or the bridge found them.

const good: ListingValues = { capsuleId: "12", licenceType: "syndication", territory: "de", price: "12.5", terms: "Republication with credit.", expires: "", payee: "" };

describe("checkListing", () => {
  it("builds the body of a valid listing", () => {
    expect(checkListing(good)).toEqual({
      body: { capsuleId: "12", licenceType: "syndication", territory: "de", price: "12500000000000000000", currency: "CAP", terms: "Republication with credit." },
      errors: {},
    });
  });

  it("says what a territory and a payee must be, in words", () => {
    const { errors } = checkListing({ ...good, territory: "Germany", payee: "0x1234" });
    expect(errors).toEqual({
      territory: "Territory: use a two-letter country code such as DE, or worldwide.",
      payee: "Enter a wallet address: 0x followed by 40 hexadecimal characters (not the zero address), or leave the field empty to be paid yourself.",
    });
    expect(checkListing({ ...good, payee: `0x${"0".repeat(40)}` }).errors.payee).toBe(LISTING_FIELD_WORDS.payee);
  });

  it("says what a price, a capsule and the terms must be", () => {
    const { errors } = checkListing({ ...good, capsuleId: "twelve", price: "12 CAP", terms: "short" });
    expect(errors).toEqual({
      capsuleId: "Enter the number of a finalized capsule, like 12.",
      price: "Enter a price in CAP, like 12 or 0.5 (a decimal comma works too; up to 18 decimals); 0 makes the licence free.",
      terms: "Write at least 10 characters of terms (now 5).",
    });
    // a decimal comma is a decimal point; a thousands separator is refused in words
    expect(checkListing({ ...good, price: "12,50" })).toMatchObject({ errors: {}, body: { price: "12500000000000000000" } });
    expect(checkListing({ ...good, price: "1,000.5" }).errors.price).toMatch(/^“1,000.5” has both a comma and a point/);
    expect(checkListing({ ...good, price: "0" })).toMatchObject({ errors: {}, body: { price: "0" } });
    expect(checkListing({ ...good, price: " " }).errors.price).toBe("Enter a price in CAP (0 makes the licence free).");
  });

  it("never shows the schema's wording for any field", () => {
    const { errors } = checkListing({ capsuleId: "x", licenceType: "syndication", territory: "", price: "-1", terms: "", expires: "not-a-date", payee: "wallet" });
    for (const text of Object.values(errors)) expect(text).not.toMatch(/0x-prefixed|20-byte|ISO 3166|alpha-2|decimal string|Unix seconds|regex|Invalid/);
    expect(Object.keys(errors).sort()).toEqual(["capsuleId", "expiresAt", "payee", "price", "terms", "territory"]);
  });
});

describe("the bridge's 400 answer on the same forms", () => {
  it("maps each field's issue to the form's sentence", () => {
    const refused = new ApiError("VALIDATION_ERROR", "Invalid body: territory, payee", 400, [
      { path: "territory", message: 'an ISO 3166-1 alpha-2 country code (e.g. "DE") or "worldwide"' },
      { path: "payee", message: "a 0x-prefixed 20-byte address" },
      { path: "expiresAt", message: "must be in the future" },
    ]);
    expect(apiFieldErrors(refused, LISTING_FIELDS, LISTING_FIELD_WORDS)).toEqual({
      territory: LISTING_FIELD_WORDS.territory,
      payee: LISTING_FIELD_WORDS.payee,
      expiresAt: "Choose a date in the future, or leave the field empty for an open-ended offer.",
    });
  });
});

describe("expiryFromDate", () => {
  it("ends the chosen day at 23:59:59 on the UTC clock, whatever the browser's zone", () => {
    expect(expiryFromDate("2027-03-15")).toBe(String(Date.UTC(2027, 2, 15, 23, 59, 59) / 1000));
    expect(checkListing({ ...good, expires: "2027-03-15" }).body.expiresAt).toBe("1805155199");
    expect(expiryFromDate("")).toBeUndefined();
  });

  it("refuses a day the calendar has not, rather than rolling it over", () => {
    expect(expiryFromDate("2027-02-31")).toBe("invalid");
    expect(expiryFromDate("15/03/2027")).toBe("invalid");
  });
});

describe("the outlet forms", () => {
  it("asks for a wallet address in words when granting a role", () => {
    const parsed = ZRoleChangeBody.safeParse({ outletSlug: "city-ledger", wallet: "0x1234", roleId: 1 });
    expect(parsed.success).toBe(false);
    expect(zodFieldErrors(parsed.error!, OUTLET_FIELD_WORDS)).toEqual({ wallet: "Enter a wallet address: 0x followed by 40 hexadecimal characters." });
  });

  it("keeps 'This field is required.' for an empty field", () => {
    const parsed = ZRoleChangeBody.safeParse({ outletSlug: "city-ledger", roleId: 1 });
    expect(zodFieldErrors(parsed.error!, OUTLET_FIELD_WORDS)).toEqual({ wallet: "This field is required." });
  });
});
