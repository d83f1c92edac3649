import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">API reference</h1>
        <p className="mt-2 max-w-3xl text-stone-600">
          Every route of the bridge, generated from the same endpoint descriptions the server enforces: parameters, request and
          response bodies, the error body of each status, and who may call each signed write. How signing, sessions, paging and
          the court flows work is explained in docs/API.md in the repository.
        </p>
      </div>
      <ApiReference />
    </div>
  );
}
