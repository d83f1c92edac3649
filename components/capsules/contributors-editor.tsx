"use client";

import { contributionTypes } from "@/features/capsules/capsules.schema";
import { useState } from "react";
import { checkShares, isOnlyAuthor, TOTAL_SHARE_BPS } from "@/features/capsules/contributors";
import { bpsToPercentText, formatSharePercent, percentToBps } from "@/features/capsules/share-percent";
import { AUTHOR_ROLES, ROLE, roleDefinition } from "@/lib/roles/role-catalog";
import { newKey, shareTotal, type ContributorDraft, type DraftErrors } from "@/features/capsules/draft-form";
import { disabledLook, smallButton, TextField } from "@/components/ui/field";

/** Beside the author's own empty name, before anything is marked. */
export const OWN_NAME_HINT = "Needed to submit. The desk keeps no name for your wallet: type the one readers see in the byline.";

const authorRoles = AUTHOR_ROLES.map((roleId) => ({ roleId, name: roleDefinition(roleId)?.name ?? `Role ${roleId}` }));

// Contributors and their revenue shares, typed in percent (stored and sent in basis points: see
// features/capsules/share-percent.ts), with a live sum that must reach 100 %.
export function ContributorsEditor(props: { items: ContributorDraft[]; onChange: (items: ContributorDraft[]) => void; errors: DraftErrors; author?: string }) {
  const total = shareTotal(props.items);
  const update = (key: string, patch: Partial<ContributorDraft>) => props.onChange(props.items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const complete = total === TOTAL_SHARE_BPS;
  // the sum is told in percent by the line under the list; the API's own wording of it is not repeated
  const shares = checkShares(props.items.map((item) => (Number.isFinite(item.shareBps) ? item.shareBps : 0)));
  const listError = props.items.length > 0 && !shares.ok && props.errors.contributors === shares.message ? undefined : props.errors.contributors;
  // a capsule always credits an author: the only one is not offered Remove (the bridge refuses such a list too)
  const types = props.items.map((item) => item.contributionType);
  const own = (item: ContributorDraft) => item.wallet.toLowerCase() === props.author?.toLowerCase();
  return (
    <fieldset className="space-y-3" data-testid="contributors-editor">
      <legend className="text-sm font-semibold text-stone-800">Contributors</legend>
      <ul className="space-y-3">
        {props.items.map((item, index) => {
          const err = (field: string) => props.errors[`contributors.${index}.${field}`];
          // the last row stays too: an empty list would not be saved, and the draft would keep its old one
          const kept = isOnlyAuthor(types, index) || types.length === 1;
          return (
            <li key={item.key} className="grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-3 sm:grid-cols-6" data-testid="contributor-item">
              <TextField
                id={`contributor-${index}-name`}
                className="sm:col-span-2"
                label="Display name"
                required
                value={item.displayName}
                error={err("displayName")}
                // the author's own row starts empty (the desk keeps no name for a wallet): what it is for, and that
                // Submit waits for it, is said beside it before it is ever marked
                hint={own(item) && item.displayName.trim() === "" && !err("displayName") ? OWN_NAME_HINT : undefined}
                placeholder={own(item) ? "Your name as readers see it" : undefined}
                onChange={(e) => update(item.key, { displayName: e.target.value })}
              />
              <TextField id={`contributor-${index}-wallet`} className="sm:col-span-4" label="Wallet" value={item.wallet} error={err("wallet")} placeholder="0x…" onChange={(e) => update(item.key, { wallet: e.target.value.trim() })} />
              <div className="sm:col-span-2">
                <label htmlFor={`contributor-${index}-type`} className="block text-sm font-medium text-stone-800">
                  Contribution
                </label>
                <select
                  id={`contributor-${index}-type`}
                  value={item.contributionType}
                  onChange={(e) => update(item.key, { contributionType: e.target.value as ContributorDraft["contributionType"] })}
                  className={`mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook} capitalize`}
                >
                  {contributionTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </div>
              <div className="sm:col-span-2">
                <label htmlFor={`contributor-${index}-role`} className="block text-sm font-medium text-stone-800">
                  Role
                </label>
                <select
                  id={`contributor-${index}-role`}
                  value={item.role}
                  onChange={(e) => update(item.key, { role: Number(e.target.value) })}
                  className={`mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm ${disabledLook}`}
                >
                  {authorRoles.map((role) => (
                    <option key={role.roleId} value={role.roleId}>
                      {role.name}
                    </option>
                  ))}
                </select>
              </div>
              <SharePercentField id={`contributor-${index}-share`} bps={item.shareBps} error={err("shareBps")} onChange={(shareBps) => update(item.key, { shareBps })} />
              <TextField
                id={`contributor-${index}-attribution`}
                className={kept ? "sm:col-span-4" : "sm:col-span-5"}
                label="Attribution profile (optional)"
                value={item.attributionURI}
                error={err("attributionURI")}
                placeholder="https://…"
                onChange={(e) => update(item.key, { attributionURI: e.target.value })}
              />
              {kept ? (
                <p className="self-end text-xs text-stone-600 sm:col-span-2" data-testid="only-author">
                  {item.contributionType === "author" ? "The only author: credit another contributor as author to remove this row." : "The only contributor: a capsule needs one, credited as author."}
                </p>
              ) : (
                <div className="flex items-end sm:col-span-1">
                  <button type="button" className={smallButton} onClick={() => props.onChange(props.items.filter((other) => other.key !== item.key))}>
                    Remove <span className="sr-only">contributor {item.displayName || index + 1}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className={smallButton}
          onClick={() => props.onChange([...props.items, { key: newKey(), wallet: "", displayName: "", role: ROLE.REPORTER, contributionType: "researcher", shareBps: Math.max(0, TOTAL_SHARE_BPS - total), attributionURI: "" }])}
        >
          Add contributor
        </button>
        <p
          className={`text-sm font-medium ${complete ? "text-emerald-800" : "text-red-700"}`}
          data-testid="share-total"
          aria-live="polite"
        >
          Shares: {formatSharePercent(total)} of 100 %{" "}
          {complete ? "✓" : `— ${total < TOTAL_SHARE_BPS ? `${formatSharePercent(TOTAL_SHARE_BPS - total)} left to assign` : `${formatSharePercent(total - TOTAL_SHARE_BPS)} too many`}`}
        </p>
      </div>
      {listError ? <p className="text-xs font-medium text-red-700" id="contributors-error">{listError}</p> : null}
    </fieldset>
  );
}

/**
 * A share typed in percent. What was typed stays in the box while it still means the stored share
 * (so "12." or "12.50" are not rewritten under the cursor); a share set elsewhere (a new contributor
 * gets what is left) shows as its percent.
 */
function SharePercentField(props: { id: string; bps: number; error?: string; onChange: (bps: number) => void }) {
  const [typed, setTyped] = useState<string>();
  const parsed = typed === undefined ? undefined : percentToBps(typed);
  const stillMeant = parsed !== undefined && (parsed.ok ? parsed.bps === props.bps : Number.isNaN(props.bps));
  const shown = stillMeant && typed !== undefined ? typed : bpsToPercentText(props.bps);
  const problem = stillMeant && parsed && !parsed.ok ? parsed.message : Number.isNaN(props.bps) ? "Enter the share in percent, from 0 to 100." : props.error;
  return (
    <TextField
      id={props.id}
      className="sm:col-span-2"
      label="Share (percent)"
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      error={problem}
      hint="Of the article’s revenue, such as 25 or 12.5"
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        const answer = percentToBps(text);
        props.onChange(answer.ok ? answer.bps : Number.NaN);
      }}
    />
  );
}
