import fs from "node:fs";
import path from "node:path";

// A JSON-LD checker against schema.org's vocabulary, from a copy of schema.org's own definitions
// (test/support/fixtures/schema-org-claimreview.jsonld: the classes and properties ClaimReview uses, in the
// format of schema.org's release file), so nothing is downloaded at test time. Every node's @type must be a
// schema.org class, every property a schema.org property whose domainIncludes holds the node's type (or a
// superclass), and every value of a type its rangeIncludes allows.

type Ref = { "@id": string } | Array<{ "@id": string }>;
type Term = { "@id": string; "@type": string | string[]; "rdfs:subClassOf"?: Ref; "schema:domainIncludes"?: Ref; "schema:rangeIncludes"?: Ref };

const local = (id: string) => id.replace(/^schema:/, "");
const refs = (ref: Ref | undefined): string[] => (ref === undefined ? [] : (Array.isArray(ref) ? ref : [ref]).map((r) => local(r["@id"])));

export function loadVocabulary(file = path.join(import.meta.dirname, "fixtures", "schema-org-claimreview.jsonld")) {
  const graph = (JSON.parse(fs.readFileSync(file, "utf8")) as { "@graph": Term[] })["@graph"];
  const types = (t: Term) => (Array.isArray(t["@type"]) ? t["@type"] : [t["@type"]]);
  const classes = new Map(graph.filter((t) => types(t).includes("rdfs:Class")).map((t) => [local(t["@id"]), refs(t["rdfs:subClassOf"])]));
  const properties = new Map(graph.filter((t) => types(t).includes("rdf:Property")).map((t) => [local(t["@id"]), { domain: refs(t["schema:domainIncludes"]), range: refs(t["schema:rangeIncludes"]) }]));
  const ancestors = (name: string): Set<string> => {
    const out = new Set<string>([name]);
    for (const parent of classes.get(name) ?? []) for (const a of ancestors(parent)) out.add(a);
    return out;
  };
  return { classes, properties, ancestors };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The problems of a JSON-LD node (and its nested nodes); [] when it conforms. */
export function schemaOrgProblems(node: unknown, vocabulary = loadVocabulary(), where = "$"): string[] {
  const problems: string[] = [];
  if (typeof node !== "object" || node === null || Array.isArray(node)) return [`${where}: not a node object`];
  const record = node as Record<string, unknown>;
  const type = record["@type"];
  if (typeof type !== "string" || !vocabulary.classes.has(type)) return [`${where}: @type ${JSON.stringify(type)} is not a schema.org class`];
  const lineage = vocabulary.ancestors(type);
  for (const [key, raw] of Object.entries(record)) {
    if (key === "@type") continue;
    if (key === "@context") {
      if (raw !== "https://schema.org") problems.push(`${where}: @context must be https://schema.org`);
      continue;
    }
    const property = vocabulary.properties.get(key);
    if (!property) {
      problems.push(`${where}.${key}: not a schema.org property`);
      continue;
    }
    if (!property.domain.some((d) => lineage.has(d))) problems.push(`${where}.${key}: not a property of ${type} (domain ${property.domain.join(", ")})`);
    for (const [i, value] of (Array.isArray(raw) ? raw : [raw]).entries()) {
      const at = Array.isArray(raw) ? `${where}.${key}[${i}]` : `${where}.${key}`;
      if (typeof value === "object" && value !== null) {
        const inner = (value as Record<string, unknown>)["@type"];
        if (typeof inner !== "string" || !property.range.some((r) => vocabulary.ancestors(inner).has(r))) problems.push(`${at}: a ${String(inner)} is not in the range ${property.range.join(", ")}`);
        problems.push(...schemaOrgProblems(value, vocabulary, at));
      } else if (typeof value === "string") {
        const textual = property.range.some((r) => vocabulary.ancestors(r).has("Text"));
        const dated = (property.range.includes("Date") && isoDate.test(value)) || (property.range.includes("DateTime") && isoDateTime.test(value));
        if (property.range.includes("URL") && !/^https?:\/\//.test(value)) problems.push(`${at}: not an absolute URL`);
        if (!textual && !dated) problems.push(`${at}: a string is not in the range ${property.range.join(", ")}`);
      } else if (typeof value === "number") {
        if (!property.range.includes("Number")) problems.push(`${at}: a number is not in the range ${property.range.join(", ")}`);
      } else problems.push(`${at}: unexpected value ${JSON.stringify(value)}`);
    }
  }
  return problems;
}
