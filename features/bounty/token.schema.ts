import { z } from "zod";
import { addressSchema } from "@/features/bounty/bounty.schema";

// What the bounty board needs to show an ERC-20 reward: the token's own decimals and symbol, read on chain.

/** A symbol shown as it is: 1-16 ASCII letters, digits and . _ + - (anything else, a bidi mark or a space, is not shown). */
export const TOKEN_SYMBOL_PATTERN = /^[A-Za-z0-9._+-]{1,16}$/;
/** formatUnits' useful range: a uint8 past 77 would print more digits than a uint256 holds. */
export const MAX_TOKEN_DECIMALS = 77;

export const tokenParamsSchema = z.object({ address: addressSchema });

export const tokenFactsSchema = z
  .object({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    /** false when the address holds no contract on this chain (a token of another network, or none): then both are null. */
    contract: z.boolean(),
    /** null when the address holds no contract, or decimals() does not answer a number 0..77. */
    decimals: z.number().int().min(0).max(MAX_TOKEN_DECIMALS).nullable(),
    /** null when symbol() does not answer a string of TOKEN_SYMBOL_PATTERN. */
    symbol: z.string().regex(TOKEN_SYMBOL_PATTERN).nullable(),
  })
  .strict();
export type TokenFacts = z.infer<typeof tokenFactsSchema>;
