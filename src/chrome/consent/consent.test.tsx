import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { wireMenus, wirePage } from "../../../tests/builders.ts";
import { cannedFetch, renderSite, requestUrl, testRuntime } from "../../../tests/harness.tsx";
import { useConsentPanel } from "./consentPanel.ts";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { consentCookieName, consentQuestionAttribute, hasStoredChoice, pendingAnswer } from "./consentCookie.ts";
import { useConsentChoice } from "./consentChoice.ts";
import { ConsentBanner } from "./ConsentBanner.tsx";

const pages = { "About-Us": wirePage({ id: 2, name: "About-Us", heading: "About page" }) };

const storedConsent = (): { categories?: string[] } | null => {
  const entry = document.cookie.split("; ").find((cookie) => cookie.startsWith(`${consentCookieName}=`));
  return entry ? (JSON.parse(decodeURIComponent(entry.slice(consentCookieName.length + 1))) as { categories?: string[] }) : null;
};

describe("cookie consent", () => {
  it("asks on a first visit before the first content, keeps the choice, and reopens from Cookie Settings", async () => {
    const opened: boolean[] = [];
    const unsubscribe = useConsentPanel.subscribe(({ open }) => opened.push(open));
    // The page's answer is held back: nothing of the consent manager (nor the footer) may come before it.
    let answerPage: (() => void) | undefined;
    const fetch = cannedFetch({ pages, menus: wireMenus("Acme-") });
    renderSite(
      "/about-us",
      testRuntime({
        fetch: (input, init) =>
          requestUrl(input).endsWith("/api/page/get") ? new Promise((resolve) => (answerPage = () => resolve(fetch(input, init)))) : fetch(input, init),
      }),
    );
    await waitFor(() => expect(answerPage).toBeDefined());
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    // Already there while the page loads, so it never pops in after the content.
    const banner = await screen.findByRole("region", { name: "Cookies on this site" });
    expect(screen.queryByRole("contentinfo")).toBeNull();
    act(() => answerPage?.());
    await screen.findByRole("heading", { level: 1, name: "About page" });

    // Not a modal, and it leaves focus alone.
    expect(banner).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(banner.contains(document.activeElement)).toBe(false);
    expect(useConsentPanel.getState().open).toBe(true);
    await userEvent.click(within(banner).getByRole("button", { name: "Necessary only" }));
    await waitFor(() => expect(useConsentPanel.getState().open).toBe(false));
    // The banner goes at once; the consent manager, loaded on this answer, stores it.
    await waitFor(() => expect(storedConsent()?.categories).toEqual(["necessary"]));

    await userEvent.click(await screen.findByRole("button", { name: "Cookie Settings" }));
    const settings = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(useConsentPanel.getState().open).toBe(true);
    // The earlier choice is shown: analytics and marketing off, necessary on and fixed.
    expect(within(settings).getByRole("checkbox", { name: /Analytics/ })).not.toBeChecked();
    expect(within(settings).getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
    expect(within(settings).getByRole("checkbox", { name: /Strictly necessary/ })).toBeDisabled();
    await userEvent.click(within(settings).getByRole("checkbox", { name: /Analytics/ }));
    await userEvent.click(within(settings).getByRole("button", { name: "Save my choices" }));
    await waitFor(() => expect(useConsentPanel.getState().open).toBe(false));
    expect(storedConsent()?.categories).toEqual(["necessary", "analytics"]);
    // Motion hooks into these changes: open, closed, open, closed.
    expect(opened.filter((open, index) => open !== opened[index - 1])).toEqual([true, false, true, false]);
    unsubscribe();
  });

  it("comes first in tab order, before the skip link, and an answer from it is kept", async () => {
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    useConsentChoice.setState({ asking: false });
    renderSite("/about-us", testRuntime({ fetch: cannedFetch({ pages, menus: wireMenus("Acme-") }) }));
    const banner = await screen.findByRole("region", { name: "Cookies on this site" });
    // Tab order is document order here (the earlier test's hidden settings panel, outside the site, is left out); what is hidden is out of it.
    const site = banner.parentElement ?? document.body;
    const firstTabStop = () => [...site.querySelectorAll("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])")].find((element) => !element.closest("[hidden]"));
    expect(firstTabStop()).toBe(within(banner).getByRole("button", { name: "Accept all" }));
    await userEvent.click(within(banner).getByRole("button", { name: "Accept all" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull());
    await waitFor(() => expect(storedConsent()?.categories).toEqual(["necessary", "analytics", "marketing"]));
    expect(firstTabStop()).toBe(screen.getByRole("link", { name: "Skip to content" }));
  });
});

describe("an answer the visitor left before it was stored", () => {
  it("is stored on the next page instead of asking again", async () => {
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    useConsentChoice.setState({ asking: false });
    // "Necessary only" was answered, and the page reloaded before the consent manager had loaded.
    pendingAnswer.write("necessary");
    render(<ConsentBanner />);
    await waitFor(() => expect(storedConsent()?.categories).toEqual(["necessary"]));
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull();
    expect(pendingAnswer.read()).toBeNull();
  });

  it("waits in storage from the answer until the consent manager has stored it", async () => {
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    useConsentChoice.setState({ asking: false });
    const kept = vi.spyOn(Storage.prototype, "setItem");
    render(<ConsentBanner />);
    const banner = await screen.findByRole("region", { name: "Cookies on this site" });
    await userEvent.click(within(banner).getByRole("button", { name: "Accept all" }));
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).toBeNull();
    // Kept as the banner went, before the manager was asked for (here it is already loaded, so it stores at once).
    expect(kept).toHaveBeenCalledWith("consent-answer", "all");
    kept.mockRestore();
    await waitFor(() => expect(storedConsent()?.categories).toEqual(["necessary", "analytics", "marketing"]));
    expect(pendingAnswer.read()).toBeNull();
  });
});

describe("the question in the server's page", () => {
  it("is in the HTML whatever the visitor chose (the server cannot know), shown only while <html> says it is asked, and hydrates as rendered", async () => {
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    useConsentChoice.setState({ asking: null });
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<ConsentBanner />);
    const section = container.querySelector("section.consent-banner");
    expect(section?.textContent).toContain("Cookies on this site");
    // Neither hidden nor shown by itself: its styles hide it unless src/boot.ts said the question is asked.
    expect(section?.hasAttribute("hidden")).toBe(false);
    const mismatches: unknown[] = [];
    const root = hydrateRoot(container, <ConsentBanner />, { onRecoverableError: (error) => mismatches.push(error) });
    await waitFor(() => expect(document.documentElement.hasAttribute(consentQuestionAttribute)).toBe(true));
    expect(container.querySelector("section.consent-banner")).toBe(section);
    expect(mismatches).toEqual([]);

    // Answered: hidden, and <html> no longer asks.
    await userEvent.click(within(container).getByRole("button", { name: "Necessary only" }));
    expect(section?.hasAttribute("hidden")).toBe(true);
    expect(document.documentElement.hasAttribute(consentQuestionAttribute)).toBe(false);
    await waitFor(() => expect(storedConsent()?.categories).toEqual(["necessary"]));
    act(() => root.unmount());
    container.remove();
  });
});

describe("the stored cookie choice", () => {
  it("counts only a choice the consent manager stored", () => {
    const cookie = (value: unknown) => `other=1; ${consentCookieName}=${encodeURIComponent(JSON.stringify(value))}; more=2`;
    expect(hasStoredChoice(cookie({ categories: ["necessary"] }))).toBe(true);
    expect(hasStoredChoice(cookie({ categories: ["necessary", "marketing"] }))).toBe(true);
    expect(hasStoredChoice(cookie({ categories: [] }))).toBe(false);
    expect(hasStoredChoice(cookie("yes"))).toBe(false);
    expect(hasStoredChoice(`${consentCookieName}=%7Bnot-json`)).toBe(false);
    expect(hasStoredChoice("other=1")).toBe(false);
    expect(hasStoredChoice("")).toBe(false);
  });
});
