// @vitest-environment node
import { readFileSync } from "node:fs";
import { it } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../src/build/organizationPlugin.ts";
import { renderDocument, listAddresses } from "../src/ssr/entry-server.tsx";
import { checkLinks, formatReport } from "../src/cli/linkCheck.ts";
import { fixtureService, serviceFetch } from "./harness.tsx";
const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
it("probe", async () => {
  const fetch = serviceFetch(fixtureService());
  const siteUrl = "https://www.corvane.example";
  const seeds = ["/", ...(await listAddresses({ fetch, siteUrl })).map((a) => a.path)];
  const t = Date.now();
  const report = await checkLinks({ seeds: seeds.slice(0, 3), maxPages: 15, concurrency: 1, siteUrl, read: async (path) => {
    const s0 = Date.now(); const r = await renderDocument(path, { fetch, siteUrl, template, manifest: {} }); console.log("R", path, r.kind === "page" ? r.status : r.location, Date.now() - s0);
    return r.kind === "redirect" ? { status: r.status, location: r.location } : { status: r.status, html: r.html };
  } });
  console.log(Date.now() - t, report.pages, report.links, formatReport(report).join("\n"));
}, 120_000);
