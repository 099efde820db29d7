/**
 * How tests and benchmarks start Chromium: Debian's /usr/bin/chromium where it exists (this
 * kind of machine cannot download Playwright's browser), Playwright's own browser elsewhere.
 * The extra flags keep Chromium from calling out to Google's services on a closed network.
 */
import { existsSync } from "node:fs";

const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
  return existsSync(systemChromium) ? { executablePath: systemChromium, args } : { args };
}
