import { describe, expect, it } from "vitest";
import { getAddress } from "viem";
import { checksumHexAddress } from "./address-checksum";

describe("checksumHexAddress", () => {
  it("answers viem's getAddress for any address, in any case", () => {
    let seed = 0x2545f491;
    const nextHex = () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed.toString(16).padStart(8, "0");
    };
    const addresses = ["0x0000000000000000000000000000000000000000", "0xffffffffffffffffffffffffffffffffffffffff", "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266"];
    for (let i = 0; i < 2_000; i++) addresses.push(`0x${Array.from({ length: 5 }, nextHex).join("")}`);
    for (const address of addresses) {
      expect(checksumHexAddress(address)).toBe(getAddress(address));
      expect(checksumHexAddress(address.toUpperCase().replace("0X", "0x"))).toBe(getAddress(address));
    }
  });

  it("refuses what is not a 20-byte hex address", () => {
    for (const bad of ["0x123", "f39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266"]) expect(() => checksumHexAddress(bad)).toThrow();
  });
});
