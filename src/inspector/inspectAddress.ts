/** An address inspected end to end, as the site would show it: route, page request, layout, slots. */
import type { ContentClient } from "../content/client.ts";
import type { Resources } from "../content/contract.ts";
import { resolveLayout, type LayoutSource } from "../runtime/layout.ts";
import { layoutNameOf } from "../runtime/routeTable.ts";
import { inspectPage, type PageInspection } from "./inspect.ts";
import { matchAddress } from "./route.ts";

export async function inspectAddress(address: string, { client, layouts }: { client: ContentClient; layouts: LayoutSource }): Promise<PageInspection> {
  const route = matchAddress(address);
  const [page, siteResources] = await Promise.all([client.getPage(route.request), client.getResources().catch((): Resources => ({}))]);
  if (page.id === 0) return inspectPage(route, page, null, () => undefined);
  // The loader's own rule (routeTable.ts): the route's layout or page name, else the returned page's name.
  const layout = await resolveLayout(layoutNameOf(route.routeLayout, page), layouts);
  const text = (key: string) => page.resources[key] ?? siteResources[key];
  return inspectPage(route, page, layout, text);
}
