import * as z from "zod/mini";
import officePins from "./pins.json" with { type: "json" };

const describe = (description: string) => z.meta({ description });

export const PinSchema = z.strictObject({
  id: z.string().check(z.minLength(1), describe("Matches the title of a Branch item: any case, words split by spaces, hyphens or commas, with or without a US state, e.g. \"New York NY\" matches \"new-york\" and \"New York, NY\".")),
  label: z.string().check(z.minLength(1), describe("The pin's visible name, e.g. \"New York, NY\".")),
  lat: z.number().check(z.gte(-90), z.lte(90), describe("Latitude of the office, in degrees (north positive).")),
  lon: z.number().check(z.gte(-180), z.lte(180), describe("Longitude of the office, in degrees (east positive).")),
  side: z._default(
    z.enum(["left", "right", "top", "bottom"]).check(describe("Where the label sits next to the pin, so neighbouring labels do not overlap.")),
    "right",
  ),
});
export type Pin = z.output<typeof PinSchema>;

/** SPEC 2.7: the company's ten offices, placed by their real latitude and longitude. */
export const defaultPins: Pin[] = z.array(PinSchema).parse(officePins);

export const officeMapOptions = z.strictObject({
  pins: z._default(z.array(PinSchema).check(describe("The pins of the map. Branches whose title matches no pin are listed under it.")), defaultPins),
});
export type OfficeMapOptions = z.output<typeof officeMapOptions>;
