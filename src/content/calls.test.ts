// @vitest-environment node
import { describe, expect, it } from "vitest";
import { contractCallPaths } from "../../tests/contractCalls.ts";
import { contentCallNames, contentCalls, forwardedCallOf, forwardedCalls } from "./calls.ts";

describe("the table of content calls", () => {
  it("holds the calls of the contract (docs/content-contract.md), spelt as it spells them, and no other", () => {
    expect(Object.values(contentCalls).map((call) => call.path).sort()).toEqual(contractCallPaths().sort());
    // Each path once, whatever its letter case: the service matches them ignoring case.
    expect(contentCallNames.size).toBe(Object.keys(contentCalls).length);
  });

  it("lets a browser send every call but the redirect list (the server's own read), in any letter case, and nothing else under /api/", () => {
    expect(forwardedCalls().map((call) => call.path)).not.toContain(contentCalls.redirectList.path);
    expect(forwardedCalls()).toHaveLength(Object.keys(contentCalls).length - 1);
    expect(forwardedCallOf("/API/PAGE/GET")).toBe(contentCalls.page);
    expect(forwardedCallOf("/api/thoughtpaper/saveuserinfo")).toBe(contentCalls.thoughtPaperLead);
    expect(forwardedCallOf("/api/redirect/GetRedirectList")).toBeUndefined();
    expect(forwardedCallOf("/api/admin/leads")).toBeUndefined();
    expect(forwardedCallOf("/api/page/get/")).toBeUndefined();
  });

  it("gives the lead forms a few hundred kB of body, and content calls a few kB", () => {
    for (const lead of [contentCalls.contactLead, contentCalls.presentationLead, contentCalls.thoughtPaperLead]) expect(lead.maxBodyBytes).toBe(256 * 1024);
    for (const call of [contentCalls.page, contentCalls.menus, contentCalls.resources, contentCalls.contentList, contentCalls.thoughtPaperPdf]) expect(call.maxBodyBytes).toBe(8 * 1024);
  });
});
