/**
 * What a lead form says when the service could not take the request just now (busy, 503) or
 * asks the visitor to slow down (429): nothing typed is lost and sending again will work.
 */
export const tryAgainMessage = "We could not take your request just now. Everything you typed is still here: please try again in a moment.";
