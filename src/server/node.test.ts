// @vitest-environment node
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { paperLead } from "../../tests/serverFaults.ts";
import { fixtureServiceInMemory } from "../../tests/siteOnFixtures.ts";
import { leadRateLimit, leadsPerMinuteFromEnv, mountContentApi } from "./node.ts";

const { service, leads } = fixtureServiceInMemory();
afterAll(() => leads.close());

/** The content API as the server mounts it, with LEADS_PER_MINUTE as given. */
async function api(perMinute: string) {
  const app = Fastify({ routerOptions: { caseSensitive: false } });
  await leadRateLimit(app, { LEADS_PER_MINUTE: perMinute }, undefined);
  mountContentApi(app, service);
  const save = (remoteAddress: string, email: string) =>
    app.inject({ method: "POST", url: "/api/thoughtPaper/SaveUserInfo", remoteAddress, headers: { "content-type": "application/json" }, payload: paperLead(email) });
  return { app, save };
}

describe("the lead rate limit", () => {
  it("answers 429 with Retry-After once a client has sent its share, stores nothing then, and lets others through", async () => {
    const { app, save } = await api("2");
    expect((await save("10.0.0.1", "one@engines.example")).statusCode).toBe(200);
    expect((await save("10.0.0.1", "two@engines.example")).statusCode).toBe(200);
    const refused = await save("10.0.0.1", "three@engines.example");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(50);
    expect((await save("10.0.0.2", "four@engines.example")).statusCode).toBe(200);
    expect(leads.list().map((lead) => lead.email)).toEqual(["one@engines.example", "two@engines.example", "four@engines.example"]);
    // Content calls are not counted.
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: "POST", url: "/api/menu/GetMenuList", remoteAddress: "10.0.0.1", payload: "{}" })).statusCode).toBe(200);
  });

  it("refuses every lead with a limit of 0", async () => {
    const { save } = await api("0");
    expect((await save("10.0.0.3", "none@engines.example")).statusCode).toBe(429);
  });

  it("reads LEADS_PER_MINUTE, falling back to 10 for anything that is not a count", () => {
    expect(leadsPerMinuteFromEnv("25")).toBe(25);
    expect(leadsPerMinuteFromEnv("0")).toBe(0);
    for (const value of [undefined, "", "ten", "-1", "2.5"]) expect(leadsPerMinuteFromEnv(value)).toBe(10);
  });
});
