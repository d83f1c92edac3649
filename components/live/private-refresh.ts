// What is private to a wallet (a role offered to it, its inbox) is not on the public stream, so a page
// showing it would learn of an offer made from another browser only when shown again. Such reads are
// also repeated this often while the tab is visible (react-query does not poll a hidden tab).
export const PRIVATE_REFRESH_MS = 30_000;
