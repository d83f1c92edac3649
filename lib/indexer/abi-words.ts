import { decodeAbiParameters, hexToBytes, IntegerOutOfRangeError, InvalidBytesBooleanError, type AbiParameter, type Hex } from "viem";
import { checksumHexAddress } from "@/lib/chain/address-checksum";

/**
 * A decoder of one static 32-byte ABI word given as 64 hex digits, for the elementary types
 * (address, bool, intN/uintN, bytes1–bytes32): the value and error of viem's decodeAbiParameters
 * for that word, without its byte copy and cursor per call (a back-fill decodes one per log input).
 */
type WordDecoder = (word: string) => unknown;

const HEX = /^0x[0-9a-fA-F]*$/;
const INTEGER = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes([1-9]|[12]\d|3[0-2])$/;
const BOOL = /^0{63}[01]$/;
const TWO_TO_256 = 1n << 256n;
const INT256_MAX = (1n << 255n) - 1n;

function integerDecoder(signed: boolean, bits: number): WordDecoder {
  const value = (word: string) => {
    const unsigned = BigInt(`0x${word}`);
    // viem reads the whole word as a two's complement number of 256 bits, whatever N is
    return signed && unsigned > INT256_MAX ? unsigned - TWO_TO_256 : unsigned;
  };
  if (bits > 48) return value;
  return (word) => {
    const big = value(word);
    const number = Number(big);
    if (!Number.isSafeInteger(number)) throw new IntegerOutOfRangeError({ max: `${Number.MAX_SAFE_INTEGER}`, min: `${Number.MIN_SAFE_INTEGER}`, signed, value: `${big}n` });
    return number;
  };
}

function wordDecoder(param: AbiParameter): WordDecoder | undefined {
  if (param.type === "address") return (word) => checksumHexAddress(`0x${word.slice(24)}`);
  if (param.type === "bool") {
    return (word) => {
      if (!BOOL.test(word)) throw new InvalidBytesBooleanError(hexToBytes(`0x${word}`));
      return word.endsWith("1");
    };
  }
  const integer = INTEGER.exec(param.type);
  if (integer) return integerDecoder(integer[1] !== "u", Number(integer[2] || "256"));
  const bytes = FIXED_BYTES.exec(param.type);
  if (bytes) return (word) => `0x${word.slice(0, Number(bytes[1]) * 2).toLowerCase()}`;
  return undefined;
}

/** The words of `hex` (0x and whole 32-byte words only), or undefined: fewer than `count`, or not plain hex. */
function wordsOf(hex: string, count: number): string[] | undefined {
  // whole words of hex digits (a plain character-class scan: the grouped pattern backtracked per word)
  if (hex.length < 2 + 64 * count || (hex.length - 2) % 64 !== 0 || !HEX.test(hex)) return undefined;
  const words = new Array<string>(count);
  for (let i = 0; i < count; i++) words[i] = hex.slice(2 + 64 * i, 66 + 64 * i);
  return words;
}

/**
 * viem's decodeAbiParameters(params, hex), same values and errors; when every parameter is an
 * elementary static type and the hex is whole words, the words are decoded straight from the hex.
 */
export function parametersDecoder(params: readonly AbiParameter[]): (hex: Hex) => readonly unknown[] {
  const decoders = params.map(wordDecoder);
  if (params.length === 0 || !decoders.every((d) => d !== undefined)) return (hex) => decodeAbiParameters(params, hex);
  return (hex) => {
    const words = wordsOf(hex, params.length);
    return words ? words.map((word, i) => decoders[i]!(word)) : decodeAbiParameters(params, hex);
  };
}
