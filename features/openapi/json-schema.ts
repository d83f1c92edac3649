import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * zod 4's JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): requests as the server accepts
 * them (`input`), responses as it sends them (`output`). Transforms and refinements cannot be
 * expressed; they become an unconstrained schema and the prose says what they check.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

type ObjectSchema = { properties?: Record<string, JsonSchema>; required?: string[] };

/** Path or query parameters from an object schema (one OpenAPI parameter per property). */
export function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input") as ObjectSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: propertySchema,
    };
  });
}

/** `/api/capsules/:id` → `/api/capsules/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");
