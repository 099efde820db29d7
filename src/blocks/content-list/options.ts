import * as z from "zod/mini";
import { cardContentTypes } from "../../ui/cards/cardTypes.ts";

export const contentListOptions = z.strictObject({
  contentType: z
    .enum(cardContentTypes)
    .check(z.meta({ description: "What the list shows: the content type requested from GetContentList, and the card each item is shown with." })),
  searchLabel: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Label of the search box, e.g. \"Search Blog\" (SPEC 2.8)." })),
    "Search",
  ),
  extraItems: z._default(
    z
      .number()
      .check(
        z.int(),
        z.nonnegative(),
        z.meta({ description: "Items requested per page beyond VITE_LIST_PAGE_SIZE (SPEC 9: the blog list asks for one more)." }),
      ),
    0,
  ),
  pageName: z.optional(
    z.string().check(z.minLength(1), z.meta({ description: "The `pageName` sent with each list request. Default: the name of the page the list is on." })),
  ),
});
export type ContentListOptions = z.output<typeof contentListOptions>;
