import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { ConsentBanner } from "./ConsentBanner.tsx";
import { consentCookieName } from "./consentCookie.ts";

// The consent manager's code cannot be loaded (offline, a deployment in between).
vi.mock("./manager.ts", () => {
  throw new Error("the chunk could not be fetched");
});

it("asks again when the consent manager cannot be loaded to store an answer: the choice is not lost silently", async () => {
  document.cookie = `${consentCookieName}=; path=/; max-age=0`;
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  render(<ConsentBanner />);
  const banner = await screen.findByRole("region", { name: "Cookies on this site" });
  await userEvent.click(within(banner).getByRole("button", { name: "Accept all" }));
  await waitFor(() => expect(screen.getByRole("region", { name: "Cookies on this site" })).toBeInTheDocument());
  expect(document.cookie).not.toContain(consentCookieName);
  expect(errors).toHaveBeenCalledWith("the cookie choice could not be stored:", expect.anything());
});
