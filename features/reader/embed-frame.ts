/**
 * The iframe size the article page's embed snippet gives out. The height holds the tallest label the embed shows (a
 * correction with the court's finding and its case link, at 360 px wide); e2e/desk-round-two.spec.ts checks that it does.
 */
export const EMBED_FRAME = { width: 360, height: 200 } as const;
