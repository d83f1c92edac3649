import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { metrics } from "@/lib/metrics/metrics";
import { rootDir } from "./support";

// ops/prometheus/capsule-alerts.yml, checked the way `promtool check rules` would (promtool itself
// is not installable here): the rule-file structure, durations, templates, and expressions that
// only name series this process exports, with labels those series have.
const file = path.join(rootDir, "ops", "prometheus", "capsule-alerts.yml");
const doc = parse(fs.readFileSync(file, "utf8")) as unknown;

type Rule = { alert: string; expr: string; for: string; labels: Record<string, string>; annotations: Record<string, string> };
const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;
const RULE_KEYS = new Set(["alert", "expr", "for", "keep_firing_for", "labels", "annotations"]);
const PROMQL_WORDS = new Set([
  "sum", "by", "without", "rate", "increase", "changes", "delta", "clamp_min", "clamp_max", "histogram_quantile", "and", "or", "unless",
  "avg", "max", "min", "count", "le", "offset", "bool", "on", "ignoring", "group_left", "group_right", "abs", "time",
]);

/** Series names and their labels, from the registry the server exposes on /metrics. */
async function exported(): Promise<Map<string, Set<string>>> {
  const series = new Map<string, Set<string>>();
  const json = await metrics().registry.getMetricsAsJSON();
  for (const metric of metrics().registry.getMetricsAsArray() as unknown as { name: string; labelNames?: readonly string[] }[]) {
    const labels = new Set<string>(metric.labelNames ?? []);
    const type = json.find((m) => m.name === metric.name)?.type;
    for (const value of json.find((m) => m.name === metric.name)?.values ?? []) for (const name of Object.keys(value.labels ?? {})) labels.add(name);
    const names = String(type) === "histogram" ? ["_bucket", "_sum", "_count"].map((s) => metric.name + s) : [metric.name];
    for (const name of names) series.set(name, new Set([...labels, ...(name.endsWith("_bucket") ? ["le"] : [])]));
  }
  // Prometheus adds these to every scrape target.
  series.set("up", new Set(["job", "instance"]));
  return series;
}

function rules(): Rule[] {
  const groups = (doc as { groups: { rules: Rule[] }[] }).groups;
  return groups.flatMap((g) => g.rules);
}

describe("the sample Prometheus alert rules", () => {
  it("is a rule file: groups with unique names, each with rules", () => {
    expect(doc).toEqual({ groups: expect.any(Array) });
    const groups = (doc as { groups: Record<string, unknown>[] }).groups;
    expect(groups.length).toBeGreaterThan(0);
    expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length);
    for (const group of groups) {
      expect(Object.keys(group).sort()).toEqual(["name", "rules"]);
      expect(typeof group.name).toBe("string");
      expect(Array.isArray(group.rules) && group.rules.length > 0).toBe(true);
    }
  });

  it("gives every alert an expression, a duration, a severity and annotations", () => {
    const all = rules();
    expect(new Set(all.map((r) => r.alert)).size).toBe(all.length);
    for (const rule of all) {
      for (const key of Object.keys(rule)) expect(RULE_KEYS.has(key), `${rule.alert}: ${key}`).toBe(true);
      expect(rule.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(typeof rule.expr).toBe("string");
      expect(String(rule.for), rule.alert).toMatch(DURATION);
      expect(["critical", "warning", "info"]).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toEqual(expect.any(String));
      expect(rule.annotations.description, rule.alert).toEqual(expect.any(String));
      for (const text of Object.values(rule.annotations)) {
        for (const [, inner] of text.matchAll(/\{\{(.*?)\}\}/g)) expect(inner!.trim(), rule.alert).toMatch(/^\$(value|labels\.[a-z_]+)$/);
      }
    }
  });

  it("covers indexer lag, outbox age, the 5xx rate and rate-limit spikes", () => {
    const exprs = rules().map((r) => r.expr).join("\n");
    expect(exprs).toContain("capsule_indexer_head_block - capsule_indexer_checkpoint_block");
    expect(exprs).toContain("capsule_outbox_oldest_pending_seconds");
    expect(exprs).toMatch(/capsule_http_requests_total\{status=~"5\.\."\}/);
    expect(exprs).toContain("capsule_rate_limited_total");
  });

  it("writes expressions that balance and name only exported series and their labels", async () => {
    const series = await exported();
    for (const rule of rules()) {
      const expr = rule.expr;
      const stack: string[] = [];
      const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
      for (const char of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
        if ("([{".includes(char)) stack.push(char);
        else if (char in pairs) expect(stack.pop(), `${rule.alert}: unbalanced ${char}`).toBe(pairs[char]);
      }
      expect(stack, rule.alert).toEqual([]);

      const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, "");
      const selectors = [...withoutStrings.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?/g)];
      const names = selectors.map((m) => m[1]!).filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w));
      const groupingLabels = [...withoutStrings.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(",").map((s) => s.trim()).filter(Boolean));
      const metricNames = names.filter((n) => !groupingLabels.includes(n));
      expect(metricNames.length, rule.alert).toBeGreaterThan(0);
      for (const name of metricNames) expect(series.has(name), `${rule.alert}: ${name} is not an exported series`).toBe(true);
      for (const [, name, matchers] of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
        for (const [, label] of matchers!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)/g)) {
          expect(series.get(name!)?.has(label!), `${rule.alert}: ${name} has no label ${label}`).toBe(true);
        }
      }
      const grouped = metricNames.flatMap((n) => [...(series.get(n) ?? [])]);
      for (const label of groupingLabels) expect(["instance", "job", ...grouped], `${rule.alert}: grouping by ${label}`).toContain(label);
    }
  });
});
