/**
 * Turns zod issues into the one-line messages layout authors read:
 *   layouts/People.json: slots[2].block: unknown block "testimonial" (did you mean "testimonials"?)
 */
import type * as z from "zod/mini";
import { suggest } from "./suggest.ts";

export interface ConfigProblem {
  file: string;
  /** JSON path inside the file, e.g. `slots[2].items.type`; empty for the whole file. */
  path: string;
  message: string;
}

export function formatProblem(problem: ConfigProblem): string {
  return problem.path === "" ? `${problem.file}: ${problem.message}` : `${problem.file}: ${problem.path}: ${problem.message}`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** What zod (mini) keeps of a schema's definition: the parts the walks over a schema read. */
export type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  in?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  valueType?: z.ZodMiniType;
};

export function defOf(schema: z.ZodMiniType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The keys an object schema allows at `path`, for "did you mean" on unknown keys. */
function allowedKeysAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodMiniType | undefined = schema;
  const unwrap = (s: z.ZodMiniType): z.ZodMiniType => {
    const def = defOf(s);
    const inner = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    return inner ? unwrap(inner) : s;
  };
  for (const key of path) {
    if (!current) return [];
    const def = defOf(unwrap(current));
    if (def.type === "object" && typeof key === "string") current = def.shape?.[key];
    else if (def.type === "array") current = def.element;
    else if (def.type === "record") current = def.valueType;
    else return [];
  }
  if (!current) return [];
  const def = defOf(unwrap(current));
  return def.type === "object" ? Object.keys(def.shape ?? {}) : [];
}

function issueMessages(issue: z.core.$ZodIssue, schema: z.ZodMiniType, base: readonly PropertyKey[] = []): [string, string][] {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // Report the branch that got furthest (fewest issues at the union's own level) instead of "Invalid input".
    // A branch that does not know the keys given was not the one meant, when another branch does know them.
    const knowsKeys = issue.errors.filter((branch) => !branch.some((i) => i.code === "unrecognized_keys" && i.path.length === 0));
    const branches = (knowsKeys.length > 0 ? knowsKeys : issue.errors).filter((branch) => branch.some((i) => i.path.length > 0 || i.code !== "invalid_type"));
    const chosen = branches.length === 1 ? branches[0] : undefined;
    if (chosen) return chosen.flatMap((inner) => issueMessages(inner, schema, path));
    const expected = issue.errors.flatMap((branch) =>
      branch.flatMap((i) => (i.code === "invalid_type" && i.path.length === 0 ? [i.expected] : [])),
    );
    return [[formatPath(path), expected.length > 0 ? `expected ${[...new Set(expected)].join(" or ")}` : issue.message]];
  }
  if (issue.code === "unrecognized_keys") {
    const allowed = allowedKeysAt(schema, path);
    return issue.keys.map((key): [string, string] => {
      const guess = suggest(key, allowed);
      return [formatPath(path), `unknown key "${key}"${guess ? ` (did you mean "${guess}"?)` : allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`];
    });
  }
  if (issue.code === "invalid_value" && typeof issue.input === "string" && !issue.message.includes(JSON.stringify(issue.input))) {
    // A value out of a list of choices (a parse with `reportInput`): the closest choice, as for keys.
    const guess = suggest(issue.input, issue.values.filter((value): value is string => typeof value === "string"));
    return [[formatPath(path), `${issue.message}, not ${JSON.stringify(issue.input)}${guess ? ` (did you mean "${guess}"?)` : ""}`]];
  }
  return [[formatPath(path), issue.message]];
}

/** How every check that reports with `zodProblems` parses: issues carry the value given, for "did you mean" on a choice. */
export const reportInput = { reportInput: true } as const;

/** Every problem of a failed parse, one per issue. */
export function zodProblems(file: string, schema: z.ZodMiniType, error: z.core.$ZodError, base: readonly PropertyKey[] = []): ConfigProblem[] {
  return error.issues.flatMap((issue) =>
    issueMessages(issue, schema, base).map(([path, message]) => ({ file, path, message })),
  );
}
