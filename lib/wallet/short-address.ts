import { getAddress, isAddress } from "viem";

/**
 * An address as people are shown it: EIP-55 checksum case (0xAbC…), whatever case the data had; a
 * value that is not an address comes back as it is.
 */
export function displayAddress(address: string): string {
  return isAddress(address, { strict: false }) ? getAddress(address) : address;
}

/** 0x1234…abcd in checksum case — for labels; the full address goes in a title or next to a copy button. */
export function shortAddress(address: string): string {
  const shown = displayAddress(address);
  return shown.length > 12 ? `${shown.slice(0, 6)}…${shown.slice(-4)}` : shown;
}
