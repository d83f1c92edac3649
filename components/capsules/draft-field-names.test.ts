import { describe, expect, it } from "vitest";
import { fixBeforeSubmit } from "./draft-field-names";

describe("why Submit waits for marked fields", () => {
  it("asks the author for their own display name, saying where and what it is for", () => {
    expect(fixBeforeSubmit(["contributors.0.displayName"], [0])).toBe("Enter your display name under Contributors before submitting: it is the name readers see in the byline.");
  });

  it("asks for another contributor's name, or every contributor's", () => {
    expect(fixBeforeSubmit(["contributors.1.displayName"], [0])).toBe("Enter the missing display name under Contributors before submitting: it is the name readers see in the byline.");
    expect(fixBeforeSubmit(["contributors.0.displayName", "contributors.1.displayName"], [0])).toBe("Enter a display name for every contributor under Contributors before submitting: it is the name readers see in the byline.");
  });

  it("names the other marked fields as before, and the name after them", () => {
    expect(fixBeforeSubmit(["sourceUrl", "contributors.0.displayName"], [0])).toBe("Fix the marked fields before submitting: source URL; and enter your display name under Contributors.");
    expect(fixBeforeSubmit(["sourceUrl", "contributors.1.wallet"], [0])).toBe("Fix the marked fields before submitting: source URL, contributors.");
  });
});
