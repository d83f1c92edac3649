import { describe, expect, it } from "vitest";
import { utcIso } from "./utc-iso";

describe("utcIso", () => {
  it("writes Unix seconds as ISO 8601 UTC without milliseconds", () => {
    expect(utcIso(1_796_331_600)).toBe("2026-12-03T21:00:00Z");
    expect(utcIso("1796331600")).toBe("2026-12-03T21:00:00Z");
    expect(utcIso(1_796_331_600n)).toBe("2026-12-03T21:00:00Z");
    expect(utcIso(0)).toBe("1970-01-01T00:00:00Z");
  });

  it("drops a fraction of a second and refuses what is not a number", () => {
    expect(utcIso(1_796_331_600.9)).toBe("2026-12-03T21:00:00Z");
    expect(() => utcIso("soon")).toThrow(RangeError);
  });
});
