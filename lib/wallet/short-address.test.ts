import { describe, expect, it } from "vitest";
import { displayAddress, shortAddress } from "./short-address";

// anvil's first dev account, lower-case as the database keeps some addresses, and in EIP-55 case
const LOWER = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const CHECKSUM = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("addresses as people are shown them", () => {
  it("writes an address in checksum case, whatever case it came in", () => {
    expect(displayAddress(LOWER)).toBe(CHECKSUM);
    expect(displayAddress(LOWER.toUpperCase().replace("0X", "0x"))).toBe(CHECKSUM);
    expect(displayAddress(CHECKSUM)).toBe(CHECKSUM);
  });

  it("shortens the checksummed form", () => {
    expect(shortAddress(LOWER)).toBe("0xf39F…2266");
  });

  it("leaves what is not an address as it is", () => {
    expect(displayAddress("nobody")).toBe("nobody");
    expect(shortAddress("0x1234")).toBe("0x1234");
  });
});
