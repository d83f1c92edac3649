"use client";

import type { TOutlet } from "@/features/outlets/outlets.schema";
import { formatTimeWithZone } from "@/components/ui/capsule-format";
import { useVerifyOutlet } from "@/components/outlets/use-outlets";
import { Card } from "@/components/ui/card";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { CopyButton } from "@/components/ui/copy-button";
import { verificationReason } from "./outlet-labels";
import { DomainName, domainText } from "./domain-name";
import { AlertLine } from "@/components/ui/form-message";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";

function RecordRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm text-ink" data-testid={`txt-${label.toLowerCase()}`}>
          {value}
        </code>
        <CopyButton value={value} label={`Copy the record ${label.toLowerCase()}`} />
      </dd>
    </div>
  );
}

const NEAR_MISS = new Set(["wrong_token", "wrong_value", "wrong_name"]);

const formatTime = (unixSeconds: string | null): string => (unixSeconds ? formatTimeWithZone(unixSeconds) : "never");

/** What the panel opens with for the outlet's owner and Editors: what to do with the record. */
const managerIntro: Record<TOutlet["status"], string> = {
  active: "The domain is verified. Keep this TXT record published: a later check that cannot find it suspends the outlet.",
  pending: "Publish this TXT record at your DNS provider, then run the check. The outlet becomes active once the record is found.",
  suspended: "The last check did not find this TXT record. Publish it again at your DNS provider, then run the check: the outlet becomes active again once it is found.",
};

/** What it opens with for everyone else: what the outlet's status means for its name and its articles. */
const readerIntro: Record<TOutlet["status"], (domain: string) => string> = {
  active: (domain) => `The domain is verified: this TXT record was found at ${domain}, so the outlet runs that domain.`,
  pending: (domain) =>
    `Not verified yet: nothing shows yet that this outlet runs ${domain}. It becomes active, and may submit articles, once this TXT record is found there.`,
  suspended: (domain) =>
    `No longer verified: the last check did not find this TXT record at ${domain}, so the outlet is suspended and may not submit articles. What it published before stays readable.`,
};

export function VerificationPanel({ outlet, canManage }: { outlet: TOutlet; canManage: boolean }) {
  const verify = useVerifyOutlet(outlet.outletSlug);
  const v = outlet.verification;
  // the last check's reason speaks to whoever fixes the record ("Publish the record above"): a reader has the intro
  const result = verify.data ? (verify.data.verified ? "verified" : verify.data.reason) : canManage ? v.lastResult : null;
  const ok = result === "verified";
  // a near miss: the answer says which record was found and why it does not match
  const detail = verify.data && !verify.data.verified && NEAR_MISS.has(verify.data.reason ?? "") ? verify.data.message : undefined;
  // "Check now" is disabled while the check runs, which drops the focus to the page's start: the answer of this
  // check (found, not found, or the error) takes it, so it is read out and Tab goes on from the panel
  const answered = verify.isSuccess || verify.isError ? `${verify.submittedAt}` : undefined;
  const resultBox = useFocusOnMessage<HTMLDivElement>(answered);

  return (
    <Card title="Domain verification">
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]" data-testid="verification-intro">
        {canManage ? managerIntro[outlet.status] : readerIntro[outlet.status](domainText(outlet.domain))}
      </p>
      <dl className="mt-4 grid gap-3">
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Domain</dt>
          <dd className="mt-1 text-sm [overflow-wrap:anywhere]" data-testid="verification-domain">
            <DomainName domain={outlet.domain} />
          </dd>
        </div>
        <RecordRow label="Name" value={v.recordName} />
        <div>
          <dt className="text-xs uppercase tracking-wide text-stone-500">Type</dt>
          <dd className="mt-1 font-mono text-sm">{v.recordType}</dd>
        </div>
        <RecordRow label="Value" value={v.recordValue} />
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canManage ? (
          <button
            type="button"
            onClick={() => verify.mutate()}
            disabled={verify.isPending}
            className="rounded-md bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70"
          >
            {verify.isPending ? "Checking DNS…" : "Check now"}
          </button>
        ) : (
          <p className="text-sm text-stone-500">The outlet&apos;s owner or an Editor can run the check after signing in.</p>
        )}
        <span className="text-xs text-stone-500">Last checked: {formatTime(v.lastCheckedAt)}</span>
      </div>
      <div ref={resultBox} tabIndex={-1} className="outline-none focus-visible:ring-2 focus-visible:ring-accent" data-testid="verification-answer">
        {verify.isError ? (
          <div className="mt-3">
            <AlertLine text={describeWalletError(verify.error, "run the check")} testId="form-error" />
          </div>
        ) : result ? (
          <p
            role="status"
            data-testid="verification-result"
            className={`mt-3 rounded border p-3 text-sm ${ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
          >
            {verificationReason[result] ?? result}
            {detail ? (
              <span className="mt-1 block [overflow-wrap:anywhere]" data-testid="verification-detail">
                {detail}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
