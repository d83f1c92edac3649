import { describe, expect, it } from "vitest";
import { readerQuery } from "./reader-query";

// The front page's ?page= is dropped (page 1) unless it is plain decimal digits within 1..10,000.

describe("the reader's page query", () => {
  it("reads plain decimal pages", () => {
    expect(readerQuery({ page: "3" }).page).toBe(3);
    expect(readerQuery({ page: ["4", "5"] }).page).toBe(4);
    expect(readerQuery({}).page).toBe(1);
  });

  it("drops pages that are not plain digits in range, as every whole number in an address", () => {
    for (const page of ["1e3", "+2", "0x10", "02", " 2", "2.0", "0", "10001", "9007199254740993"]) expect(readerQuery({ page }).page, page).toBe(1);
  });
});
