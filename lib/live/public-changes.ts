// Which changes GET /api/live may carry. The stream is public (anyone subscribes without signing in), so
// it carries only what anyone could read through the public routes anyway (docs/DECISIONS.md, "The public
// live feed carries only public changes"): the chain's events, and the bridge's own writes listed here.
// Anything else, a kind added later included, stays off the stream until it is listed.

/**
 * The bridge's writes the public stream carries (`bridge:<what>`); every one of them names only what
 * public reads show: roles held (`GET /api/wallet/:address/roles`, with `grantedBy`), court cases with
 * their timelines and parties, licences with their buyers (`GET /api/capsules/:id/rights`).
 * Not listed on purpose: a pending role offer (between the outlet and the grantee) and an inbox's read mark.
 */
export const PUBLIC_BRIDGE_CHANGES = ["roles.granted", "roles.revoked", "court.case_opened", "court.reply", "court.verdict", "rights.licence_sold"] as const;
export type PublicBridgeChange = (typeof PUBLIC_BRIDGE_CHANGES)[number];

export const BRIDGE_KIND_PREFIX = "bridge:";
const publicBridgeKinds: ReadonlySet<string> = new Set(PUBLIC_BRIDGE_CHANGES.map((what) => `${BRIDGE_KIND_PREFIX}${what}`));

/** A chain event (`contract:Event`, from the indexer) is public; a bridge write only when listed above. */
export const isPublicKind = (kind: string): boolean => !kind.startsWith(BRIDGE_KIND_PREFIX) || publicBridgeKinds.has(kind);

/**
 * Whether the public stream may carry a change: all its kinds public. A change that reached this server
 * too large to list (no kinds, `truncated`) says only "something changed" and is carried.
 */
export const isPublicChange = (change: { kinds: readonly string[] }): boolean => change.kinds.every(isPublicKind);
