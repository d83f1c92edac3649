"use client";

import { useEffect, useState, type FormEvent } from "react";
import { partnerEventTypeValues, ZRegisterWebhookBody } from "@/features/partners/partners.schema";
import { ApiError } from "@/lib/api/api-client";
import { apiFieldErrors, WALLET_ADDRESS_SENTENCE, zodFieldErrors, type FieldErrors } from "@/components/outlets/field-errors";
import { Card } from "@/components/ui/card";
import { TextField, primaryButton } from "@/components/ui/field";
import { useRegisterWebhook } from "./use-partner-webhooks";
import { eventTypeWords } from "./webhook-words";

type EventType = (typeof partnerEventTypeValues)[number];
const FIELDS = ["partnerWallet", "url", "secret", "eventTypes", "description"];

// The form's own sentences, for the browser's check and the bridge's 400 alike (the bridge's wording is for API callers).
const WORDS = {
  partnerWallet: WALLET_ADDRESS_SENTENCE,
  url: "Enter the partner’s public web address, starting with https:// (plain http:// only to this machine), with no user name or password in it and not a private network address.",
  secret: "Paste the secret the partner chose: whsec_ followed by 24 to 64 random bytes in base64.",
  eventTypes: "Choose at least one kind of news to send.",
  description: "A note of up to 200 characters, or nothing.",
} as const;

/** A refusal in the form's words: a field's problem under the field, anything else above the button. */
function refusal(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.code === "CONFLICT" && typeof error.details.webhookId === "string") {
    return { url: `Webhook #${error.details.webhookId} already sends to this address. Disable it first to register the address again.` };
  }
  if (error instanceof ApiError && error.code === "CONFLICT") return { form: `${error.message}. Disable one to make room for another.` };
  return apiFieldErrors(error, FIELDS, WORDS);
}

/** `enabledCount`: how many webhooks are enabled; when it changes (one was disabled), a refusal about the address or the cap may no longer hold. */
export function RegisterWebhookForm({ enabledCount }: { enabledCount: number }) {
  const [partnerWallet, setPartnerWallet] = useState("");
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState("");
  const [eventTypes, setEventTypes] = useState<EventType[]>([...partnerEventTypeValues]);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useRegisterWebhook();
  useEffect(() => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== "url" && key !== "form"))), [enabledCount]);
  const clear = (field: string) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && key !== "form")));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.reset();
    const body = { partnerWallet: partnerWallet.trim(), url: url.trim(), secret: secret.trim(), eventTypes, ...(description.trim() ? { description: description.trim() } : {}) };
    const checked = ZRegisterWebhookBody.safeParse(body);
    if (!checked.success) {
      const found = zodFieldErrors(checked.error, WORDS);
      setErrors(found.eventTypes ? { ...found, eventTypes: WORDS.eventTypes } : found);
      return;
    }
    setErrors({});
    register.mutate(body, {
      onSuccess: () => {
        // the secret leaves the page once it is sent: it is never shown again
        setSecret("");
        setUrl("");
        setDescription("");
      },
      onError: (error) => setErrors(refusal(error)),
    });
  };

  const toggle = (type: EventType, on: boolean) => {
    setEventTypes((current) => (on ? partnerEventTypeValues.filter((t) => t === type || current.includes(t)) : current.filter((t) => t !== type)));
    clear("eventTypes");
  };

  return (
    <Card title="Register a webhook">
      <form onSubmit={onSubmit} aria-label="Register a partner webhook" className="space-y-4" noValidate>
        <fieldset disabled={register.isPending} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="webhook-partner"
              label="Partner’s wallet"
              autoComplete="off"
              spellCheck={false}
              value={partnerWallet}
              onChange={(event) => {
                setPartnerWallet(event.target.value);
                clear("partnerWallet");
              }}
              error={errors.partnerWallet}
              hint="The partner signs in with it to read this webhook’s deliveries."
            />
            <TextField
              id="webhook-url"
              label="Address of the partner’s server"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://partner.example.org/hooks/capsule"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                clear("url");
              }}
              error={errors.url}
              hint="Each piece of news is sent here as a signed request."
            />
            <TextField
              id="webhook-secret"
              label="Signing secret"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={secret}
              onChange={(event) => {
                setSecret(event.target.value);
                clear("secret");
              }}
              error={errors.secret}
              hint="Chosen by the partner, starting with whsec_. It is never shown again: the list shows only a fingerprint of it."
            />
            <TextField
              id="webhook-description"
              label="Note (optional)"
              value={description}
              maxLength={200}
              onChange={(event) => {
                setDescription(event.target.value);
                clear("description");
              }}
              error={errors.description}
              hint="Who the partner is, for you; up to 200 characters."
            />
          </div>
          <fieldset aria-describedby={errors.eventTypes ? "webhook-events-error" : undefined}>
            <legend className="text-sm font-medium text-stone-800">What to send</legend>
            <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:gap-6">
              {partnerEventTypeValues.map((type) => (
                <label key={type} className="inline-flex min-h-11 items-center gap-2 text-sm text-stone-800">
                  <input type="checkbox" className="h-4 w-4" checked={eventTypes.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
                  {eventTypeWords[type]}
                </label>
              ))}
            </div>
            {errors.eventTypes ? (
              <p id="webhook-events-error" className="mt-1 text-xs font-medium text-red-700" data-testid="field-error">
                {errors.eventTypes}
              </p>
            ) : null}
          </fieldset>
        </fieldset>
        {errors.form ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="webhook-form-error">
            {errors.form}
          </p>
        ) : null}
        {register.isSuccess ? (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-950 [overflow-wrap:anywhere]" data-testid="webhook-registered">
            Webhook #{register.data.webhook.webhookId} is registered and sends to {register.data.webhook.url}. The secret is kept by the bridge and not shown
            again; its fingerprint is {register.data.webhook.secretFingerprint}. Give the partner its number, #{register.data.webhook.webhookId}: signed in
            with its wallet on this page, the partner reads the webhook’s deliveries.
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={register.isPending}>
          {register.isPending ? "Registering…" : "Register webhook"}
        </button>
      </form>
    </Card>
  );
}
