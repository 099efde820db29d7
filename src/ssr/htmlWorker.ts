/**
 * The production server's content HTML worker (dist/server/html-worker.js; ./routedPage.tsx says
 * why): a thread of its own with jsdom, answering the server's synchronous calls through synckit.
 * Nothing of a visitor is kept here: it is given content HTML and answers the sanitized HTML or
 * its text, as the server's own thread would.
 */
import { JSDOM } from "jsdom";
import { runAsWorker } from "synckit";
import { provideServerWindow, type HtmlWindow } from "../ui/htmlWindow.ts";
import { serveMediaThroughSite } from "../ui/media.ts";
import { purifyHtml } from "../ui/sanitize.ts";
import { textOfMarkup } from "../ui/text.ts";
import type { ReadContentHtml } from "./site.ts";

provideServerWindow(new JSDOM("<!doctype html>").window as unknown as HtmlWindow);
serveMediaThroughSite();

// Nothing remembered here: the server's thread keeps the answers (./routedPage.tsx), so the same content does not come twice.
const answer: ReadContentHtml = (request) => (request.kind === "sanitize" ? purifyHtml(request.html, { inline: request.inline }) : textOfMarkup(request.html));
runAsWorker(answer);
