// The visible mark on demonstration records (the bundled sample proposals), so no reader takes them
// for real bounties.
export function SampleMark() {
  return (
    <span
      className="rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 font-sans text-[11px] font-semibold uppercase tracking-wide text-amber-900"
      data-testid="sample-mark"
      title="Demonstration record bundled with Capsule; it describes no real outlet or capsule"
    >
      Sample data
    </span>
  );
}

/** Above a list that holds sample records: what they are and why they are here. */
export function SampleNotice() {
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="sample-notice">
      <strong className="font-semibold">Sample data.</strong> Proposals marked “Sample data” are demonstration records bundled with Capsule,
      loaded because this server runs the local development chain or was started with demo data. Their outlets,
      capsules and reward token do not exist on this network.
    </p>
  );
}
