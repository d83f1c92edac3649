import Link from "next/link";
import { UtcTime } from "./utc-time";

// Above the current text while a correction or retraction of it is being voted on.
export function CorrectionNotice({ underVote }: { underVote: { capsuleId: string; capsuleType: string; closesAt: string } }) {
  const kind = underVote.capsuleType === "retraction" ? "retraction" : "correction";
  return (
    <div role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="correction-under-vote">
      A {kind} is being voted on; the vote closes <UtcTime unixSeconds={underVote.closesAt} />. Until the editors accept it, the
      text below is the current version.{" "}
      <Link href={`/capsules/${underVote.capsuleId}`} prefetch={false} className="font-semibold underline">
        Follow the vote
      </Link>
      .
    </div>
  );
}
