import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { wireMenus, wirePage } from "../../../tests/builders.ts";
import { cannedFetch, renderSite, requestUrl, testRuntime } from "../../../tests/harness.tsx";
import { useConsentPanel } from "./consentPanel.ts";
import { consentCookieName } from "./consentCookie.ts";

const pages = { "About-Us": wirePage({ id: 2, name: "About-Us", heading: "About page" }) };

const storedConsent = (): { categories?: string[] } | null => {
  const entry = document.cookie.split("; ").find((cookie) => cookie.startsWith(`${consentCookieName}=`));
  return entry ? (JSON.parse(decodeURIComponent(entry.slice(consentCookieName.length + 1))) as { categories?: string[] }) : null;
};

describe("cookie consent", () => {
  it("asks on a first visit once the page shows, keeps the choice, and reopens from Cookie Settings", async () => {
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
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    act(() => answerPage?.());
    await screen.findByRole("heading", { level: 1, name: "About page" });

    const banner = await screen.findByRole("dialog", { name: "Cookies on this site" });
    expect(useConsentPanel.getState().open).toBe(true);
    await userEvent.click(within(banner).getByRole("button", { name: "Necessary only" }));
    await waitFor(() => expect(useConsentPanel.getState().open).toBe(false));
    expect(storedConsent()?.categories).toEqual(["necessary"]);

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
});
