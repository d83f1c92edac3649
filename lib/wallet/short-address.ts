/** 0x1234…abcd — for labels; the full address goes in a title or next to a copy button. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
