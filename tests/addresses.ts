/**
 * Finds internal site addresses written out in code: string and template literals naming a
 * route of registry/routes.json (ignoring case, a trailing slash, query and hash), which should
 * come from `pathTo` (src/content/paths.ts) so they move when the route table changes.
 */
import ts from "typescript";
import type { RouteEntry } from "../src/runtime/schemas.ts";

export interface AddressFinding {
  line: number;
  text: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pattern per route: its segments, `:params` standing for any one segment. */
function routePatterns(routes: readonly Pick<RouteEntry, "path">[]): RegExp[] {
  return routes.map((route) => {
    const segments = route.path.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : escape(segment)));
    return new RegExp(`^${segments.join("/")}$`, "i");
  });
}

/** The fixed start of each parameterised route ("/blogs/:pageName" -> "/blogs"), for templates such as `/blogs/${slug}`. */
function routePrefixes(routes: readonly Pick<RouteEntry, "path">[]): string[] {
  return routes.flatMap((route) => {
    const at = route.path.indexOf("/:");
    return at > 0 ? [route.path.slice(0, at).toLowerCase()] : [];
  });
}

const bare = (text: string) => (text.split(/[?#]/, 1)[0] ?? "").replace(/(.)\/+$/, "$1");

export function findAddresses(source: string, fileName: string, routes: readonly Pick<RouteEntry, "path">[]): AddressFinding[] {
  const patterns = routePatterns(routes);
  const prefixes = routePrefixes(routes);
  const isAddress = (text: string) => text.startsWith("/") && patterns.some((pattern) => pattern.test(bare(text)));
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: AddressFinding[] = [];
  const report = (node: ts.Node) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });

  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isAddress(node.text)) report(node);
    if (ts.isTemplateExpression(node)) {
      const head = node.head.text;
      // `/blogs/${slug}` or `/blogs${anchor}`: a route's fixed start followed by what fills its parameter.
      const start = head.replace(/\/+$/, "").toLowerCase();
      if (isAddress(head) || (head.startsWith("/") && prefixes.includes(start))) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
