import jsSha3 from "js-sha3";

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * viem's getAddress (EIP-55) for a 0x-prefixed 40-hex-digit address, with js-sha3's keccak: 4–5×
 * faster than viem's (noble) one, which a back-fill pays once per distinct address it decodes.
 */
export function checksumHexAddress(address: string): `0x${string}` {
  if (!HEX_ADDRESS.test(address)) throw new Error(`not a hex address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = jsSha3.keccak256(lower);
  let out = "0x";
  // a letter is upper case where the hash's nibble at its position is 8 or more (the characters 8-9, a-f)
  for (let i = 0; i < 40; i++) out += hash.charCodeAt(i) >= 56 ? lower[i]!.toUpperCase() : lower[i]!;
  return out as `0x${string}`;
}
