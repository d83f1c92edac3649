import { describe, expect, it } from "vitest";
import { decodeAbiParameters, type AbiParameter, type Hex } from "viem";
import { parametersDecoder } from "./abi-words";

const TYPES = ["address", "bool", "uint8", "uint32", "uint48", "uint56", "uint256", "uint", "int8", "int48", "int64", "int256", "int", "bytes1", "bytes20", "bytes32"];
const word = (hex: string) => hex.padStart(64, "0");
const WORDS = [
  word("0"),
  word("1"),
  word("2"),
  word("ff"),
  word("ffffffffffff"), // 2^48 - 1
  word("1000000000000"), // 2^48
  word("1fffffffffffff"), // 2^53 - 1
  word("20000000000000"), // 2^53
  "f".repeat(64), // -1 as a signed number
  `8${"0".repeat(63)}`, // -2^255
  `7${"f".repeat(63)}`,
  `${"ff".repeat(16)}${"00".repeat(16)}`,
  `${"00".repeat(12)}F39Fd6e51aad88F6F4ce6aB8827279cffFb92266`, // an address in mixed case
  `${"ab".repeat(12)}f39fd6e51aad88f6f4ce6ab8827279cfffb92266`, // an address word with high bytes set
  word("10"),
];

/** What a decode gave: the values, or the name of the error it threw. */
function outcome(decode: () => readonly unknown[]): unknown {
  try {
    return { values: decode() };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

const expectSame = (params: AbiParameter[], hex: Hex) =>
  expect(outcome(() => parametersDecoder(params)(hex)), `${params.map((p) => p.type).join(",")} ${hex}`).toEqual(outcome(() => decodeAbiParameters(params, hex)));

describe("parametersDecoder", () => {
  it("decodes every elementary static type from every kind of word as viem does, errors included", () => {
    for (const type of TYPES) for (const w of WORDS) expectSame([{ type, name: "x" }], `0x${w}`);
  });

  it("decodes several words, and ignores words after the last parameter, as viem does", () => {
    const params: AbiParameter[] = [
      { type: "uint256", name: "a" },
      { type: "address", name: "b" },
      { type: "bool", name: "c" },
      { type: "int8", name: "d" },
    ];
    expectSame(params, `0x${WORDS[6]}${WORDS[12]}${WORDS[1]}${WORDS[8]}`);
    expectSame(params, `0x${WORDS[6]}${WORDS[12]}${WORDS[1]}${WORDS[8]}${WORDS[3]}`);
  });

  it("leaves hex that is short, not whole words or not hex to viem, with viem's errors", () => {
    const params: AbiParameter[] = [
      { type: "uint256", name: "a" },
      { type: "bool", name: "b" },
    ];
    for (const hex of ["0x", `0x${WORDS[1]}`, `0x${WORDS[1]}${WORDS[1]!.slice(0, 30)}`, `0x${WORDS[1]}${WORDS[1]}ab`, `0x${"zz".repeat(64)}`]) expectSame(params, hex as Hex);
  });

  it("decodes parameters it has no word decoder for through viem", () => {
    expectSame([{ type: "string", name: "s" }], "0x000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000036162630000000000000000000000000000000000000000000000000000000000");
    expectSame([{ type: "uint256[]", name: "a" }, { type: "uint256", name: "b" }], `0x${word("40")}${word("7")}${word("1")}${word("5")}`);
  });
});
