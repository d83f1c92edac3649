import { z } from "zod";

// Shapes every resource's schemas share: addresses and uint256 values as the bridge writes them,
// and the one paged-list envelope (docs/ARCHITECTURE.md, "Errors, limits and lists": page from 1, limit, total, hasMore).

export const ZAddressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
export const ZUintString = z.string().regex(/^[0-9]+$/);

const MAX_UINT256 = 2n ** 256n - 1n;

/** A wei amount as people send it: a decimal string without sign or leading zeros that fits the chain's uint256. */
const WEI_DIGITS = /^(?:0|[1-9][0-9]{0,77})$/;
export const zWeiInput = (message: string) =>
  z
    .string()
    .regex(WEI_DIGITS, message)
    .refine((v) => !WEI_DIGITS.test(v) || BigInt(v) <= MAX_UINT256, "is more than the chain can hold (at most 2^256 − 1 wei)");

export const ZPageFields = { page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() };

/** `{ ok: true, items, page, limit, total, hasMore }` around one item schema; `.extend()` adds a list's own fields. */
export const pagedResponse = <T extends z.ZodType>(item: T) => z.object({ ok: z.literal(true), items: z.array(item), ...ZPageFields });
