import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./unique-violation";

describe("isUniqueViolation", () => {
  it("recognises PostgreSQL's and SQLite's unique violations", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_UNIQUE" })).toBe(true);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" })).toBe(true);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: outlets.slug"))).toBe(true);
  });

  it("leaves every other failure alone", () => {
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" })).toBe(false);
    expect(isUniqueViolation(new Error("connection refused"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });
});
