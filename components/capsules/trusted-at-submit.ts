// The desk's line on whether a capsule's outlet was a trusted publisher when the capsule was submitted
// (trustedPublisherAtSubmit: the outlet stood at the Elevated or Premium distribution tier then). Said in plain
// words for a first-time journalist: every capsule of a new outlet says "not yet", which must read as a matter of
// the outlet's record, not as something wrong with the capsule. The tiers' names and thresholds are on the
// distribution page the line links to.

/** What the outlet was when this capsule was submitted, as a sentence. */
export function trustedAtSubmitWords(trusted: boolean): string {
  return trusted
    ? "Its outlet was a trusted publisher when this was submitted."
    : "Its outlet was not yet a trusted publisher when this was submitted: an outlet becomes one once enough of its articles are accepted by vote and none is labelled misleading or fraudulent in the last year.";
}
