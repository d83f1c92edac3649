"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { outletRead } from "@/features/outlets/read.endpoint";

// One outlet's read (GET /api/outlets/:slug, parsed with its descriptor's zod schema by `call`), under one cache key
// for every part of the desk that shows it: the outlet page (components/outlets) and a role row on the Bonds page
// (components/bonds). It sits in a folder of its own, below both, because components/outlets already imports
// components/bonds: the Bonds page reading it from components/outlets would close a folder cycle
// (test/registry/folder-layers.test.ts). A write that answers the outlet sets this key's data; a push that names it
// refreshes every reader at once.

/** The cache key of one outlet's read: under the "outlets" prefix the outlet reads share. */
export const outletDetailKey = (slug: string) => ["outlets", "detail", slug] as const;

/** The query of one outlet's read: its key, and a fetcher whose answer is parsed against the descriptor's schema. */
export const outletDetailQuery = (slug: string) => queryOptions({ queryKey: outletDetailKey(slug), queryFn: () => call(outletRead, { params: { slug } }) });

/** One outlet's read; `enabled: false` keeps it unread until it is needed. */
export const useOutlet = (slug: string, options: { enabled?: boolean } = {}) => useQuery({ ...outletDetailQuery(slug), enabled: options.enabled ?? true });
