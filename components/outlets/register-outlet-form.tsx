"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-client";
import { ZCreateOutletBody } from "@/features/outlets/outlets.schema";
import { useCreateOutlet } from "@/components/outlets/use-outlets";
import { useSession } from "@/components/wallet/use-session";
import { useFormDraftValues } from "@/components/ui/use-form-draft";
import { Card } from "@/components/ui/card";
import { apiFieldErrors, OUTLET_FIELD_WORDS, zodFieldErrors, type FieldErrors } from "./field-errors";
import { TextField } from "@/components/ui/field";
import { AlertLine } from "@/components/ui/form-message";

const FIELDS = ["slug", "name", "domain", "metadataURI"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

// Validated with ZCreateOutletBody, the schema POST /api/outlets/create parses with.
function validate(values: Values) {
  return ZCreateOutletBody.safeParse({
    slug: values.slug,
    name: values.name,
    domain: values.domain,
    ...(values.metadataURI.trim() ? { metadataURI: values.metadataURI } : {}),
  });
}

/** The form's errors by field for these values (none when the bridge would take them), as shown under the fields. */
export function registerOutletErrors(values: Values): FieldErrors {
  const result = validate(values);
  return result.success ? {} : zodFieldErrors(result.error, OUTLET_FIELD_WORDS, values);
}

export function RegisterOutletForm() {
  const { status } = useSession();
  const router = useRouter();
  const create = useCreateOutlet();
  // kept across navigation (a trip to the Bonds page to fund the wallet), forgotten once registered
  const [values, setValues, clearValues] = useFormDraftValues<Values>("outlet.register", { slug: "", name: "", domain: "", metadataURI: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  if (status !== "signed-in") {
    return (
      <Card title="Register an outlet">
        <p className="text-sm text-stone-600" data-testid="register-signin-hint">
          Connect your wallet and sign in from the page header to register an outlet. The wallet that registers it becomes its owner
          and Editor.
        </p>
      </Card>
    );
  }

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues({ [field]: value } as Partial<Values>);
    if (submitted) {
      setErrors(registerOutletErrors(next));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) return setErrors(registerOutletErrors(values));
    setErrors({});
    try {
      const created = await create.mutateAsync(result.data);
      clearValues();
      router.push(`/outlets/${created.outlet.outletSlug}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === "CONFLICT") setErrors({ slug: error.message });
      else setErrors(apiFieldErrors(error, [...FIELDS], OUTLET_FIELD_WORDS));
    }
  };

  const field = (name: keyof Values) => ({
    id: `outlet-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => update(name, e.target.value),
  });

  return (
    <Card title="Register an outlet">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Register an outlet">
        <TextField {...field("name")} label="Name" placeholder="The Harbor Ledger" autoComplete="organization" />
        <TextField {...field("slug")} label="Slug" placeholder="harbor-ledger" hint="3–64 lowercase letters, digits or hyphens; part of the outlet's address." />
        <TextField {...field("domain")} label="Domain" placeholder="harborledger.example" hint="The domain you control; you will publish a TXT record on it." />
        <TextField {...field("metadataURI")} label="Metadata URI (optional)" placeholder="https://harborledger.example/capsule.json" />
        {errors.form ? (
          <div className="sm:col-span-2">
            <AlertLine text={errors.form} testId="form-error" />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-md bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70"
          >
            {create.isPending ? "Registering…" : "Register outlet"}
          </button>
        </div>
      </form>
    </Card>
  );
}
