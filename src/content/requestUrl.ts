/** The address of a fetch call, whatever form it was given in. */
export const requestUrl = (input: RequestInfo | URL): string => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
