import Link from "next/link";
import { formatTime } from "@/components/ui/capsule-format";
import { TierBadge } from "./tier-badge";
import { describeCheck, factorKeys, factorLabel, readableAdvice, scoreFormula, tierBenefit, tierStyle, type OutletDistribution } from "./tier-format";

// One outlet's distribution: its tier, every requirement met or missed, what would move it up,
// the factors, and a penalty downgrade in force. On the outlet's own page the heading is "Distribution"
// (the page's title already names the outlet), elsewhere the outlet's name linking to its page.
export function OutletTierCard({ item, onOutletPage = false }: { item: OutletDistribution; onOutletPage?: boolean }) {
  const downgraded = item.tier !== item.earnedTier;
  return (
    <article className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm" data-testid="distribution-outlet" data-slug={item.outletSlug} aria-labelledby={`dist-${item.outletSlug}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`dist-${item.outletSlug}`} className="font-serif text-xl font-semibold">
            {onOutletPage ? (
              "Distribution"
            ) : (
              <Link href={`/outlets/${item.outletSlug}`} className="inline-flex min-h-11 items-center text-ink underline-offset-2 hover:underline">
                {item.name}
              </Link>
            )}
          </h2>
          {onOutletPage ? null : <p className="font-mono text-xs text-stone-500">{item.outletSlug}</p>}
        </div>
        <div className="text-right">
          <TierBadge tier={item.tier} testId="distribution-tier" />
          {downgraded ? (
            <p className="mt-1 text-xs text-stone-600">
              Earned: <span className="font-semibold">{tierStyle[item.earnedTier].label}</span>
            </p>
          ) : null}
        </div>
      </header>

      {item.penalty ? (
        <p role="note" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950" data-testid="distribution-penalty">
          <strong>Penalty downgrade in force:</strong> the {item.penalty.verdict} verdict of{" "}
          <Link href={`/court/${item.penalty.caseId}`} className="underline">
            court case #{item.penalty.caseId}
          </Link>{" "}
          {item.penalty.verdict === "fraudulent"
            ? "holds the outlet at Standard at most"
            : "keeps the outlet one tier below what its record earns (never below Standard)"}{" "}
          until {formatTime(item.penalty.until)}.
        </p>
      ) : null}

      <div className="mt-4 grid gap-3 md:grid-cols-3">
        {item.requirements.map((requirement) => (
          <section key={requirement.tier} className={`rounded-md border p-3 ${requirement.met ? "border-emerald-200 bg-emerald-50/40" : "border-stone-200"}`} aria-label={`${tierStyle[requirement.tier].label} requirements`}>
            <h3 className="flex items-center justify-between text-sm font-semibold">
              {tierStyle[requirement.tier].label}
              <span className={`text-xs font-medium ${requirement.met ? "text-emerald-800" : "text-stone-500"}`}>{requirement.met ? "✓ met" : "✗ not met"}</span>
            </h3>
            <ul className="mt-2 space-y-1 text-xs">
              {requirement.checks.map((check) => {
                const text = describeCheck(check);
                return (
                  <li key={check.name} className="flex gap-1.5">
                    <span aria-hidden="true" className={check.met ? "text-emerald-700" : "text-red-700"}>
                      {check.met ? "✓" : "✗"}
                    </span>
                    <span>
                      <span className="font-medium">{text.name}</span> {text.required}
                      <span className="text-stone-500"> — now {text.actual}</span>
                      <span className="sr-only">{check.met ? " (met)" : " (missed)"}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>

      <div className="mt-4 rounded-md bg-stone-50 p-3 text-sm" data-testid="distribution-next">
        {item.nextTier ? (
          <>
            <p className="font-medium text-ink">To move up to {tierStyle[item.nextTier].label}:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-700">
              {item.toMoveUp.map((sentence) => (
                <li key={sentence}>{readableAdvice(sentence)}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-stone-700">Premium is the highest tier; it is kept with a clean record and an acceptance rate of 90% or more.</p>
        )}
      </div>

      <p className="mt-4 text-sm text-stone-700" data-testid="distribution-benefit">
        <span className="font-medium text-ink">At {tierStyle[item.tier].label}:</span> {tierBenefit(item.tier)}
      </p>

      <section className="mt-4" aria-label="Integrity score and its factors">
        <p className="text-sm">
          <span className="font-medium text-ink">Integrity score</span>{" "}
          <span className="font-mono text-lg" data-testid="distribution-integrity-score">{item.integrityScore}</span>
          <span className="text-stone-500"> / 100 — {scoreFormula}</span>
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          {factorKeys.map((key) => (
            <Factor
              key={key}
              label={factorLabel[key]}
              value={`${item.factors[key].value} / 100`}
              note={item.factors[key].sample === 0 ? `nothing to count yet (no ${item.factors[key].unit.replace(/\(s\)/g, "s")})` : `from ${item.factors[key].sample} ${item.factors[key].unit}`}
              explanation={item.factors[key].explanation}
              testId={`factor-${key}`}
            />
          ))}
          <Factor label="Months active" value={String(item.monthsActive)} note="since domain verification" />
        </dl>
      </section>
      <ChannelList item={item} />
    </article>
  );
}

const channelName: Record<OutletDistribution["channels"]["items"][number]["channel"], string> = { atom: "Atom feed", json_feed: "JSON Feed", websub: "WebSub push" };

/** The note of channel `i`, the last of a run that shares it: "opens at …" alone, "both open at …" for two, "all open at …" for more. */
function sharedNote(all: OutletDistribution["channels"]["items"], i: number): string {
  const note = all[i]?.note ?? "";
  let run = 1;
  while (all[i - run]?.note === note) run++;
  return run === 1 ? note : `${run === 2 ? "both" : "all"} ${note.replace(/^opens\b/, "open")}`;
}

function ChannelList({ item }: { item: OutletDistribution }) {
  const { websub } = item.channels;
  return (
    <section className="mt-4 border-t border-stone-100 pt-3 text-sm" aria-label="Channels" data-testid="distribution-channels">
      <h3 className="font-semibold text-ink">Channels</h3>
      <ul className="mt-1 space-y-1">
        {item.channels.items.map((channel, i, all) => (
          <li key={channel.channel} className="flex flex-wrap items-center gap-x-2" data-channel={channel.channel} data-status={channel.status}>
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${channel.status === "on" ? "bg-emerald-50 text-emerald-900" : "bg-stone-100 text-stone-700"}`}>{channel.status === "on" ? "On" : "Off"}</span>
            {channel.status === "on" && channel.channel !== "websub" ? (
              <a href={channel.path} className="inline-flex min-h-11 items-center text-accent underline">
                {channelName[channel.channel]}
              </a>
            ) : (
              <span className="inline-flex min-h-11 items-center">{channelName[channel.channel]}</span>
            )}
            {/* channels off for the same reason (JSON Feed and WebSub before Elevated) are given it once, on the last of them */}
            {channel.note && all[i + 1]?.note !== channel.note ? (
              <span className="text-stone-500">({sharedNote(all, i)})</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-stone-700" data-testid="websub-status">
        WebSub subscribers: {websub.subscribers.active} active, {websub.subscribers.pending} awaiting confirmation, {websub.subscribers.denied} denied · deliveries:{" "}
        {websub.deliveries.delivered} delivered, {websub.deliveries.pending} pending, {websub.deliveries.failed} given up
        {websub.lastDeliveredAt ? <> · last delivered {formatTime(websub.lastDeliveredAt)}</> : null}
      </p>
      {websub.lastError ? <p className="text-amber-900">Last problem: {websub.lastError}</p> : null}
    </section>
  );
}

function Factor({ label, value, note, explanation, testId }: { label: string; value: string; note?: string; explanation?: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="font-mono text-ink">{value}</dd>
      {note ? <dd className="text-xs text-stone-500">{note}</dd> : null}
      {explanation ? <dd className="mt-1 text-xs text-stone-600">{explanation}</dd> : null}
    </div>
  );
}
