"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ZWebhookParams, type ZWebhook } from "@/features/partners/partners.schema";
import { ApiError } from "@/lib/api/api-client";
import { useSession } from "@/components/wallet/use-session";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { FullAddress } from "@/components/ui/full-address";
import { Pager } from "@/components/ui/pager";
import { smallButton, TextField } from "@/components/ui/field";
import { formatTime } from "@/components/ui/capsule-format";
import { PanelLoading } from "./panel-loading";
import { RegisterWebhookForm } from "./register-webhook-form";
import { DELIVERIES_SHOWN, useDisableWebhook, usePartnerWebhooks, useWebhookDeliveries, WEBHOOKS_PER_PAGE } from "./use-partner-webhooks";
import { deliveryWords, eventTypeWords, isoTime } from "./webhook-words";
import { failedWithNothing, RefreshFailed } from "@/components/ui/refresh-failed";

type Webhook = z.output<typeof ZWebhook>;

export const OPERATOR_ONLY = "Only the bridge operator manages partner webhooks.";

// /operator/webhooks — the partner webhooks the bridge operator registered: each with its address,
// partner, what it is sent and whether it is on, its recent deliveries, and a way to disable it; and
// the form that registers one. The bridge answers the list only to the operator's signature, so its
// 403 is what tells another wallet that this page is not for it.
export function PartnerWebhooks() {
  const { status } = useSession();
  const [page, setPage] = useState(1);
  const list = usePartnerWebhooks(page);

  if (status !== "signed-in") {
    return (
      <p className="max-w-2xl text-stone-700" data-testid="webhooks-operator-only">
        {OPERATOR_ONLY} If that is you, sign in with the operator’s wallet from the page header.
      </p>
    );
  }
  if (failedWithNothing(list) && list.error instanceof ApiError && list.error.status === 403) {
    return (
      <div className="space-y-6">
        <p className="max-w-2xl text-stone-700" data-testid="webhooks-operator-only">
          {OPERATOR_ONLY}
        </p>
        <PartnerDeliveries />
      </div>
    );
  }
  // a failed refresh keeps the page, and what is typed in the form above the list with it
  if (failedWithNothing(list)) return <ErrorNotice title="The partner webhooks could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) {
    return (
      <Card title="Webhooks">
        <PanelLoading label="Loading the webhooks" />
      </Card>
    );
  }
  const data = list.data;
  return (
    <div className="space-y-6">
      <RefreshFailed what="The partner webhooks" read={list} />
      <RegisterWebhookForm enabledCount={data.enabledCount} />
      <Card title="Webhooks">
        <p className="mb-3 text-sm text-stone-600" data-testid="webhooks-count">
          {data.enabledCount} of at most {data.enabledMax} webhooks are enabled.
          {data.enabledCount >= data.enabledMax ? " Disable one before registering another." : ""}
        </p>
        {data.items.length === 0 ? (
          <p className="text-sm text-stone-600" data-testid="webhooks-empty">
            No partner webhook is registered yet.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="webhook-rows" aria-busy={list.isFetching && list.isPlaceholderData ? true : undefined}>
            {data.items.map((hook) => (
              <WebhookRow key={hook.webhookId} hook={hook} />
            ))}
          </ul>
        )}
        {data.total > WEBHOOKS_PER_PAGE ? <Pager label="Webhook pages" page={data.page} limit={data.limit} total={data.total} hasMore={data.hasMore} onPage={setPage} /> : null}
      </Card>
    </div>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const enabled = hook.disabledAt === null;
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const disable = useDisableWebhook();
  const panelId = `webhook-${hook.webhookId}-deliveries`;
  return (
    <li className="py-4" data-testid="webhook-row" data-webhook-id={hook.webhookId} data-enabled={enabled ? "true" : "false"}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold [overflow-wrap:anywhere]" data-testid="webhook-url">
            {hook.url}
          </p>
          {hook.description ? <p dir="auto" className="text-sm text-stone-700 [overflow-wrap:anywhere]">{hook.description}</p> : null}
        </div>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${enabled ? "bg-emerald-50 text-emerald-900" : "bg-stone-100 text-stone-700"}`}
          data-testid="webhook-state"
        >
          {enabled ? "Enabled" : "Disabled"}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-stone-500">Webhook</dt>
        <dd>#{hook.webhookId}</dd>
        {/* level with the address, which sits in the middle of its 44 px summary */}
        <dt className="text-stone-500 sm:pt-3">Partner</dt>
        <dd className="text-xs">
          <FullAddress address={hook.partnerWallet} label="partner’s wallet" testId="webhook-partner" />
        </dd>
        <dt className="text-stone-500">Sends</dt>
        <dd data-testid="webhook-events">{hook.eventTypes.map((type) => eventTypeWords[type]).join("; ")}</dd>
        <dt className="text-stone-500">Registered</dt>
        <dd>{formatTime(hook.createdAt)}</dd>
        {enabled ? null : (
          <>
            <dt className="text-stone-500">Disabled</dt>
            <dd>{formatTime(hook.disabledAt)}</dd>
          </>
        )}
        <dt className="text-stone-500">Secret fingerprint</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere]">{hook.secretFingerprint}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button type="button" className={smallButton} aria-expanded={showDeliveries} aria-controls={panelId} onClick={() => setShowDeliveries(!showDeliveries)}>
          {showDeliveries ? "Hide deliveries" : "Show recent deliveries"}
        </button>
        {enabled && !confirming ? (
          <button type="button" className={smallButton} onClick={() => setConfirming(true)}>
            Disable…
          </button>
        ) : null}
      </div>
      {enabled && confirming ? (
        <div className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="webhook-disable-confirm">
          <p>Disable webhook #{hook.webhookId}? Nothing more is sent to it, deliveries still waiting end undelivered, and it cannot be enabled again (register the address anew instead).</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              disabled={disable.isPending}
              onClick={() => disable.mutate(hook.webhookId, { onSuccess: () => setConfirming(false) })}
            >
              {disable.isPending ? "Disabling…" : `Disable webhook #${hook.webhookId}`}
            </button>
            <button type="button" className={smallButton} disabled={disable.isPending} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
      {disable.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="webhook-disable-error">
          Webhook #{hook.webhookId} was not disabled: {disable.error.message}
        </p>
      ) : null}
      {showDeliveries ? <Deliveries id={hook.webhookId} panelId={panelId} /> : null}
    </li>
  );
}

/**
 * A partner's way to its own webhook's deliveries (the page said the partner reads them with its wallet, and gave it
 * nothing to do so): the webhook's number, which the operator gives the partner. The bridge answers the partner's
 * wallet or the operator's, and any other the same 404 as a number that does not exist.
 */
function PartnerDeliveries() {
  const [typed, setTyped] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [id, setId] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim().replace(/^#/, "");
    // the bridge's own rule for a webhook's number (a decimal id within its range), so a number it would refuse is said here
    if (!ZWebhookParams.safeParse({ id: value }).success) {
      setFieldError("Enter the webhook’s number, like 3: the operator gives it to you when registering the webhook.");
      return;
    }
    setFieldError(undefined);
    setId(value);
  };
  return (
    <Card title="Your webhook’s deliveries">
      <p className="max-w-2xl text-sm text-stone-700">
        A partner reads here what was sent to its own webhook, with the wallet the operator registered it for: enter the webhook’s number, which the
        operator gives you.
      </p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2" aria-label="Read your webhook’s deliveries" noValidate>
        <TextField id="partner-webhook-id" label="Webhook number" inputMode="numeric" autoComplete="off" value={typed} error={fieldError} onChange={(event) => setTyped(event.target.value)} className="w-full max-w-xs" />
        <button type="submit" className={smallButton}>
          Read its deliveries
        </button>
      </form>
      {id ? <Deliveries key={id} id={id} panelId="partner-webhook-deliveries" asPartner /> : null}
    </Card>
  );
}

function Deliveries({ id, panelId, asPartner = false }: { id: string; panelId: string; asPartner?: boolean }) {
  const deliveries = useWebhookDeliveries(id, true);
  return (
    <div id={panelId} className="mt-3 rounded-md border border-stone-200 p-3" data-testid="webhook-deliveries">
      <h3 className="text-sm font-semibold text-stone-800">{asPartner ? `Recent deliveries of webhook #${id}` : "Recent deliveries"}</h3>
      {asPartner && deliveries.data ? (
        <p className="text-sm text-stone-600 [overflow-wrap:anywhere]" data-testid="partner-webhook-url">
          Sent to <span className="font-mono">{deliveries.data.webhook.url}</span>
          {deliveries.data.webhook.disabledAt ? ` · disabled ${formatTime(deliveries.data.webhook.disabledAt)}` : ""}
        </p>
      ) : null}
      {asPartner && deliveries.isError && deliveries.error instanceof ApiError && deliveries.error.status === 404 ? (
        <p role="alert" className="mt-1 text-sm text-red-800" data-testid="partner-webhook-not-found">
          Webhook #{id} is not registered for this wallet. Check the number with the operator, and that you signed in with the wallet the webhook was
          registered for.
        </p>
      ) : deliveries.isError ? (
        <ErrorNotice title="The deliveries could not be loaded" error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : !deliveries.data ? (
        <PanelLoading label="Loading the deliveries" />
      ) : (
        <>
          {deliveries.data.items.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600" data-testid="deliveries-empty">
              Nothing has been sent to this webhook yet.
            </p>
          ) : null}
          <ul className="mt-1 divide-y divide-stone-100 text-sm">
            {deliveries.data.items.map((delivery) => {
              const words = deliveryWords(delivery);
              return (
                <li key={delivery.deliveryId} className="py-2" data-testid="delivery-row" data-status={delivery.status}>
                  <p>
                    <span className="font-semibold">{words.label}</span>
                    {" · "}
                    {eventTypeWords[delivery.eventType]}
                    {delivery.capsuleId ? `, capsule #${delivery.capsuleId}` : ""}
                    <span className="text-stone-500"> · queued {isoTime(delivery.createdAt)}</span>
                  </p>
                  <p className="text-stone-700 [overflow-wrap:anywhere]">{words.sentence}</p>
                </li>
              );
            })}
          </ul>
          {deliveries.data.total > DELIVERIES_SHOWN ? (
            <p className="mt-1 text-xs text-stone-500">
              The {DELIVERIES_SHOWN} newest of {deliveries.data.total} deliveries.
            </p>
          ) : null}
          <button type="button" className={`${smallButton} mt-2`} disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
            {deliveries.isFetching ? "Reading…" : "Read again"}
          </button>
        </>
      )}
    </div>
  );
}
