import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { forwardRef, useImperativeHandle, useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Captcha } from "./Captcha.tsx";
import type { CaptchaHandle } from "./types.ts";
import { usePolledToken } from "./usePolledToken.ts";

/** Stands in for Google's widget: the test sets the token it returns and sees resets. */
const widget = vi.hoisted(() => ({ token: null as string | null, resets: 0, siteKey: "" }));
vi.mock("react-google-recaptcha", () => ({
  default: forwardRef<{ getValue: () => string | null; reset: () => void }, { sitekey: string }>(function FakeRecaptcha({ sitekey }, ref) {
    widget.siteKey = sitekey;
    useImperativeHandle(ref, () => ({ getValue: () => widget.token, reset: () => void (widget.resets += 1) }), []);
    return <iframe title="reCAPTCHA" />;
  }),
}));

afterEach(() => {
  vi.useRealTimers();
  Object.assign(widget, { token: null, resets: 0, siteKey: "" });
});

function renderCaptcha(siteKey: string) {
  const handle: { current: CaptchaHandle | null } = { current: null };
  render(<Captcha siteKey={siteKey} ref={(value) => void (handle.current = value)} />);
  return handle;
}

describe("captcha providers", () => {
  it("without a site key: a checkbox labelled \"I'm not a robot\" whose token is local-test-token", async () => {
    const handle = renderCaptcha("");
    const box = screen.getByRole("checkbox", { name: "I'm not a robot" });
    expect(handle.current?.getResponse()).toBe("");
    await userEvent.click(box);
    expect(handle.current?.getResponse()).toBe("local-test-token");
    handle.current?.tokenUsed();
    expect(handle.current?.getResponse()).toBe("local-test-token");
    handle.current?.focus();
    expect(box).toHaveFocus();
  });

  it("with a site key: Google reCAPTCHA v2, loaded on demand, whose spent token starts the widget over", async () => {
    const handle = renderCaptcha("site-key-123");
    expect(await screen.findByTitle("reCAPTCHA")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "I'm not a robot" })).toBeNull();
    expect(widget.siteKey).toBe("site-key-123");
    expect(handle.current?.getResponse()).toBe("");
    widget.token = "google-token";
    expect(handle.current?.getResponse()).toBe("google-token");
    handle.current?.tokenUsed();
    expect(widget.resets).toBe(1);
  });

  it("ties its error message to the widget", () => {
    render(<Captcha siteKey="" error={{ id: "captcha-error" }} />);
    const box = screen.getByRole("checkbox", { name: "I'm not a robot" });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAttribute("aria-describedby", "captcha-error");
  });
});

describe("usePolledToken", () => {
  function Polled({ onToken, active = true }: { onToken: (token: string) => void; active?: boolean }) {
    const captcha = useRef<CaptchaHandle>(null);
    usePolledToken(captcha, { active, startAfterMs: 500, everyMs: 500, onToken });
    return <Captcha siteKey="" ref={captcha} />;
  }

  it("asks the widget after the wait, then every interval, and reports each change once", async () => {
    vi.useFakeTimers();
    const onToken = vi.fn();
    render(<Polled onToken={onToken} />);
    const box = screen.getByRole("checkbox");
    act(() => box.click());
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(onToken).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onToken).toHaveBeenLastCalledWith("local-test-token");
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onToken).toHaveBeenCalledTimes(1);
    act(() => box.click());
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(onToken).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onToken).toHaveBeenLastCalledWith("");
  });

  it("does not poll until it is active", async () => {
    vi.useFakeTimers();
    const onToken = vi.fn();
    render(<Polled onToken={onToken} active={false} />);
    const box = screen.getByRole("checkbox");
    act(() => box.click());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onToken).not.toHaveBeenCalled();
  });
});
