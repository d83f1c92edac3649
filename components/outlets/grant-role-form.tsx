"use client";

import { useState, type FormEvent } from "react";
import { useFormDraftValues } from "@/components/ui/use-form-draft";
import { BondNeeded, bondTopUp } from "@/components/bonds/bond-needed";
import { ZRoleChangeBody } from "@/features/roles/roles.schema";
import { useRoleCatalog } from "@/components/outlets/use-outlets";
import { useChangeRole } from "@/components/roles/use-roles";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { OUTLET_FIELD_WORDS, zodFieldErrors, type FieldErrors } from "./field-errors";
import { SelectField, TextField } from "@/components/ui/field";
import { AlertLine } from "@/components/ui/form-message";
import { grantRefusal } from "@/lib/roles/role-change-rules";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";

/** `amOwner`: the owner offers any role; an Editor Journalist and Reporter roles only (lib/roles/role-change-rules.ts). */
export function GrantRoleForm({ slug, amOwner }: { slug: string; amOwner: boolean }) {
  const catalog = useRoleCatalog();
  const grant = useChangeRole(slug, "grant");
  const [draft, setDraft, clearDraft] = useFormDraftValues(`grant.${slug}`, { wallet: "", roleId: "1" });
  const { wallet, roleId } = draft;
  const setWallet = (value: string) => setDraft({ wallet: value });
  const setRoleId = (value: string) => setDraft({ roleId: value });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>();
  const [offered, setOffered] = useState<string | undefined>();
  // "Grant role" is disabled while the grant runs, which drops the focus to the page's start: the answer (the offer
  // made, the bond it lacks, or the error) takes it, each time one comes
  const [answers, setAnswers] = useState(0);
  const answerBox = useFocusOnMessage<HTMLDivElement>(answers > 0 ? String(answers) : undefined);
  const roles = (catalog.data?.items ?? []).filter((role) => role.scope === "outlet" && grantRefusal({ outletSlug: slug, roleId: role.roleId, actorIsOwner: amOwner }) === undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRoleChangeBody.safeParse({ outletSlug: slug, wallet: wallet.trim(), roleId: Number(roleId) });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, OUTLET_FIELD_WORDS));
    setErrors({});
    setRefusal(undefined);
    setOffered(undefined);
    try {
      const answer = await grant.mutateAsync({ wallet: parsed.data.wallet, roleId: parsed.data.roleId });
      if ("offer" in answer) setOffered(`${answer.offer.name} offered to ${answer.offer.wallet}. The role takes effect only when that wallet accepts it from its newsroom page.`);
      clearDraft();
    } catch (error) {
      if (bondTopUp(error)) setRefusal(error);
      else setErrors({ form: describeWalletError(error, "grant the role") });
    }
    setAnswers((n) => n + 1);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Grant a role" className="mt-4 grid gap-3 border-t border-stone-100 pt-4 sm:grid-cols-[1fr_auto_auto] sm:items-start">
      <TextField className="min-w-0" id="grant-wallet" label="Wallet" placeholder="0x…" value={wallet} error={errors.wallet} onChange={(e) => setWallet(e.target.value)} autoComplete="off" spellCheck={false} />
      <SelectField className="min-w-0" id="grant-role" label="Role" value={roleId} error={errors.roleId} onChange={(e) => setRoleId(e.target.value)}>
        {roles.length === 0 ? <option value="1">Loading roles…</option> : null}
        {roles.map((role) => (
          <option key={role.roleId} value={role.roleId}>
            {role.name} — bond {role.bondRequiredUnits} CAP{role.canVote ? ", votes" : ""}
          </option>
        ))}
      </SelectField>
      <div className="sm:pt-6">
        <button type="submit" disabled={grant.isPending} className="w-full rounded-md bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 disabled:cursor-wait disabled:opacity-70">
          {grant.isPending ? "Granting…" : "Grant role"}
        </button>
      </div>
      {errors.form || offered || refusal ? (
        <div ref={answerBox} tabIndex={-1} className="space-y-3 outline-none focus-visible:ring-2 focus-visible:ring-accent sm:col-span-3" data-testid="grant-answer">
          {errors.form ? <AlertLine text={errors.form} testId="form-error" /> : null}
          {offered ? (
            <p role="status" className="text-sm text-emerald-900 [overflow-wrap:anywhere]" data-testid="grant-offered">
              {offered}
            </p>
          ) : null}
          {refusal ? <BondNeeded error={refusal} who="them" /> : null}
        </div>
      ) : null}
      <p className="text-xs text-stone-500 sm:col-span-3">
        The wallet must already hold the role&apos;s bond on chain. Another wallet is only offered the role: nothing changes until it accepts, and then its bond is locked.
      </p>
    </form>
  );
}
