"use client";

import { FullAddress } from "@/components/ui/full-address";
import { useOutletUsers } from "@/components/outlets/use-outlets";
import { useChangeRole } from "@/components/roles/use-roles";
import { Card } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { describeWalletError } from "@/lib/wallet/wallet-error";
import { GrantRoleForm } from "./grant-role-form";

export function MembersPanel({ slug, canManage, me }: { slug: string; canManage: boolean; me: string | undefined }) {
  const users = useOutletUsers(slug);
  const revoke = useChangeRole(slug, "revoke");

  return (
    <Card title="Members and roles">
      {users.isError ? (
        <ErrorNotice title="Members could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data ? (
        <Skeleton className="block h-16 w-full" />
      ) : users.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No one holds a role here yet.</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="outlet-members">
          {users.data.items.map((member) => {
            const isMe = me !== undefined && me.toLowerCase() === member.wallet.toLowerCase();
            return (
              <li key={member.wallet} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <span className="text-sm text-ink">
                    <FullAddress address={member.wallet} label="member wallet" />
                  </span>
                  <span className="ml-2 text-xs text-stone-500">
                    {member.isOwner ? "owner" : ""}
                    {isMe ? (member.isOwner ? " · you" : "you") : ""}
                  </span>
                </div>
                <ul className="flex flex-wrap gap-2">
                  {member.roles.map((role) => (
                    <li key={role.assignmentId} className="flex items-center gap-1 rounded-full border border-stone-200 bg-stone-50 py-0.5 pl-3 pr-1 text-sm">
                      <span data-testid="member-role">{role.name}</span>
                      <span className={`text-xs ${role.bonded ? "text-emerald-800" : "text-amber-800"}`}>{role.bonded ? "bonded" : "not bonded"}</span>
                      {canManage || isMe ? (
                        // a member may give up its own role (and release its bond lock) without managing the outlet
                        <button
                          type="button"
                          onClick={() => revoke.mutate({ wallet: member.wallet, roleId: role.roleId })}
                          disabled={revoke.isPending}
                          aria-label={isMe && !canManage ? `Give up your ${role.name} role` : `Revoke ${role.name} from ${member.wallet}`}
                          className="rounded-full px-2 py-0.5 text-xs text-red-800 hover:bg-red-50"
                        >
                          {isMe && !canManage ? "Give up" : "Revoke"}
                        </button>
                      ) : (
                        <span className="pr-2" />
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {revoke.isError ? (
        <p role="alert" className="[overflow-wrap:anywhere] mt-2 text-sm text-red-800">
          {describeWalletError(revoke.error, "change the role")}
        </p>
      ) : null}
      {canManage ? <GrantRoleForm slug={slug} /> : null}
    </Card>
  );
}
