/** The fixture service's content lists (CONTENT-API page/GetContentList): search, date filter, sort and paging over a fixture list. */
import { ContentListRequestSchema } from "../src/content/contract.ts";
import { fieldErrors } from "../src/forms/schemas.ts";
import { listKinds, type Fixtures, type JsonObject, type ListKind } from "./fixtures.ts";
import { badRequest, json, readJsonBody } from "../src/shared/jsonAnswer.ts";
import { plain, text, withoutDetail } from "./pages.ts";

function monthsAgo(now: Date, months: number): Date {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return date;
}

/** `now` is the clock of the "Last 3/6 Months" filters. */
export async function getContentList(fixtures: Fixtures, now: () => Date, request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  const parsed = ContentListRequestSchema.safeParse(body.ok ? body.value : undefined);
  if (!parsed.success) return badRequest(fieldErrors(parsed.error));
  const { contentType, search, sort, pageSize, PageNo, Filter } = parsed.data;
  const kind = (Object.keys(listKinds) as ListKind[]).find((k) => listKinds[k].contentType === contentType);
  if (!kind) return json({ contents: [] });
  const needle = search.trim().toLowerCase();
  const since = Filter === "Last 3 Months" ? monthsAgo(now(), 3) : Filter === "Last 6 Months" ? monthsAgo(now(), 6) : null;
  const time = (item: JsonObject) => {
    const t = Date.parse(text(item.date));
    return Number.isNaN(t) ? null : t;
  };
  const matches = fixtures.lists[kind]
    .filter((item) => needle === "" || plain(text(item.title)).toLowerCase().includes(needle))
    .filter((item) => {
      const t = time(item);
      return since === null || (t !== null && t >= since.getTime() && t <= now().getTime());
    })
    .sort((a, b) => {
      const ta = time(a);
      const tb = time(b);
      if (ta === null || tb === null) return ta === null ? (tb === null ? 0 : 1) : -1;
      return sort === "Ascending" ? ta - tb : tb - ta;
    });
  const page = matches.slice((PageNo - 1) * pageSize, PageNo * pageSize).map(withoutDetail);
  const [first, ...others] = page;
  return json({ contents: first ? [{ ...first, totalRow: matches.length }, ...others] : [] });
}
