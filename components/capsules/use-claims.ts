"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { signedPost } from "@/lib/api/browser-session";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import type { z } from "zod";
import type { ZClaimInput } from "@/features/capsules/claims.schema";
import { capsuleKeys } from "./use-capsules";
import { useSession } from "@/components/wallet/use-session";

// A draft's claims (issue 27): replaced as a whole list; the capsule read in the cache gets the answer.

export type ClaimBodyItem = z.input<typeof ZClaimInput>;

/**
 * `build` makes the list from the latest read in the cache, taken after `beforeSave` (the autosave)
 * ran: saving the draft can give its evidence new ids, and the claims must name those. `beforeSave` answers true once
 * the body is saved, else why not (shown as the claims' error).
 */
export function useSetClaims(capsuleId: string, beforeSave: () => Promise<true | string>) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = capsuleKeys.detailFor(capsuleId, session);
  return useMutation({
    mutationFn: async (build: (read: TCapsuleResponse | undefined) => ClaimBodyItem[]) => {
      const saved = await beforeSave();
      // shown after "The claims were not saved:"
      if (saved !== true) throw new Error(saved);
      const claims = build(queryClient.getQueryData<TCapsuleResponse>(key));
      return signedPost(session, capsuleClaimsSet, { params: { id: capsuleId }, body: { claims } });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<TCapsuleResponse>(key, (read) => (read ? { ...read, claims: answer.items } : read));
      void queryClient.invalidateQueries({ queryKey: capsuleKeys.detail(capsuleId) });
    },
  });
}
