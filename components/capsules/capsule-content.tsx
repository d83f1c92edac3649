"use client";

import Link from "next/link";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { useSupporting } from "@/components/capsules/use-capsules";
import { MarkdownView } from "@/components/markdown/markdown-view";
import { Card } from "@/components/ui/card";
import { ContributorList } from "@/components/reader/contributor-list";
import { EvidenceList } from "@/components/reader/evidence-list";
import { ContentHash } from "./content-hash";
import { LaterEvidenceForm } from "./later-evidence-form";
import { FeatureImage } from "@/components/reader/feature-image";
import { relationLabel } from "@/components/ui/relation-labels";
import { linkableUri } from "@/lib/schemas/uri-kind";

// What the editors vote on: the article as submitted, its evidence (verifiable here too), its
// contributors and the capsules it relates to.
export function CapsuleContent({ read }: { read: TCapsuleResponse }) {
  const { content } = read;
  const supporting = useSupporting(read.capsuleId);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Card id="article" title="Article" className="min-w-0 lg:col-span-2">
        <div data-testid="capsule-article">
          <p className="font-serif text-2xl font-bold leading-snug">{content.title || read.capsule.title}</p>
          {content.subtitle ? (
            <p className="mt-1 font-serif text-lg text-stone-600" data-testid="capsule-standfirst">
              {content.subtitle}
            </p>
          ) : null}
          <FeatureImage image={content.featureImage} className="mt-3" />
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
            {content.category ? (
              <div>
                <dt className="inline">Category: </dt>
                <dd className="inline">{content.category}</dd>
              </div>
            ) : null}
            {content.tags.length > 0 ? (
              <div>
                <dt className="inline">Tags: </dt>
                <dd className="inline">{content.tags.join(", ")}</dd>
              </div>
            ) : null}
            {content.sourceUrl ? (
              <div className="min-w-0">
                <dt className="inline">Source: </dt>
                <dd className="inline break-all">
                  {linkableUri(content.sourceUrl) ? (
                    <a href={linkableUri(content.sourceUrl)} rel="noopener noreferrer nofollow" className="text-accent underline">
                      {content.sourceUrl}
                    </a>
                  ) : (
                    <span data-testid="unlinked-uri">{content.sourceUrl}</span>
                  )}
                </dd>
              </div>
            ) : null}
          </dl>
          <MarkdownView source={content.body} className="mt-2 font-serif" />
          <div className="mt-4">
            <ContentHash body={content.body} recorded={read.capsule.contentHash} />
          </div>
          {content.rightsNotes ? <p className="mt-4 border-t border-stone-100 pt-3 text-xs text-stone-600">Rights: {content.rightsNotes}</p> : null}
        </div>
      </Card>
      <div className="min-w-0 space-y-6">
        <Card title="Contributors">
          <ContributorList items={read.contributors} />
        </Card>
        <Card title="Evidence">
          <EvidenceList items={read.evidence.filter((item) => item.active)} compact />
          <LaterEvidenceForm read={read} />
        </Card>
        <Card title="Related capsules">
          {supporting.data && supporting.data.items.length > 0 ? (
            <ul className="space-y-1 text-sm" data-testid="related-capsules">
              {supporting.data.items.map((relation) => (
                <li key={`${relation.supportingCapsuleId}-${relation.relationshipType}`}>
                  {relationLabel[relation.relationshipType]}{" "}
                  <Link href={`/capsules/${relation.supportingCapsuleId}`} className="text-accent underline">
                    capsule #{relation.supportingCapsuleId}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">{supporting.isPending ? "Loading…" : supporting.isError ? "The related capsules could not be loaded." : "None."}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
