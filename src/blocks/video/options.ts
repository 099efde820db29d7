import * as z from "zod/mini";

export const videoOptions = z.strictObject({});
export type VideoOptions = z.output<typeof videoOptions>;
