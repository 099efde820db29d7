/**
 * The contact form's mode in the contact page's address (issue 20): a way to the contact page
 * from a presentation-services page says so in the address, `/contact-us?from=presentation-services`,
 * so the page renders in presentation mode on the server, with or without the code, and a form
 * posted without the code is judged by the right rules. The code also stores the flag
 * (SPEC 2.7, 3: `isPresentationService`), which selects the mode as before.
 */
import { contactFromParam, presentationServicesFrom } from "../content/canonicalAddress.ts";

/** The parameter and its value (src/content/canonicalAddress.ts: the server renders and caches a page by these alone). */
export { contactFromParam, presentationServicesFrom };

/** The query a way to the contact page carries from a presentation-services page. */
export const presentationQuery = `?${contactFromParam}=${presentationServicesFrom}`;

/** True when the contact page's address (its query) says the visitor came from presentation services. */
export function addressSaysPresentation(search: string): boolean {
  return new URLSearchParams(search).get(contactFromParam) === presentationServicesFrom;
}
