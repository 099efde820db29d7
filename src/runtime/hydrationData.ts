/**
 * What the server hands the browser with a page it rendered: the router's loader data (the
 * resolved page, src/runtime/pageData.ts) and the public origin, in a
 * <script type="application/json"> (data, never script: the CSP allows no inline script). The
 * browser's router starts from it instead of running the page's loader again.
 */
import * as z from "zod/mini";

/** The id of the <script type="application/json"> that carries it. */
export const HYDRATION_SCRIPT_ID = "corvane-hydration";

export const HydrationDataSchema = z.object({
  siteUrl: z.string(),
  /** By route id: what each matched route's loader returned (written by our own server from the same types). */
  loaderData: z.record(z.string(), z.unknown()),
  /** By route id: a posted form's answer (src/app/formAction.ts), when the page answers a post. */
  actionData: z.optional(z.record(z.string(), z.unknown())),
});
export type HydrationData = z.infer<typeof HydrationDataSchema>;

/** JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can end or bend it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
