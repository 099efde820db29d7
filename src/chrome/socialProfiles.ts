/**
 * The company's social profiles are declared once, in the Organization data for search engines
 * (registry/organization.json, written into every page's head as JSON-LD: `sameAs`). The footer
 * shows the same list, so the two never disagree.
 */
import organizationData from "../../registry/organization.json" with { type: "json" };
import { safeUrl } from "../ui/url.ts";

export type Network = "linkedin" | "x" | "youtube" | "facebook" | "instagram" | "other";

export interface SocialProfile {
  url: string;
  network: Network;
  /** Accessible name, e.g. "Corvane Global Services on LinkedIn". */
  label: string;
}

const networks: { network: Exclude<Network, "other">; name: string; hosts: readonly string[] }[] = [
  { network: "linkedin", name: "LinkedIn", hosts: ["linkedin.com"] },
  { network: "x", name: "X", hosts: ["x.com", "twitter.com"] },
  { network: "youtube", name: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  { network: "facebook", name: "Facebook", hosts: ["facebook.com"] },
  { network: "instagram", name: "Instagram", hosts: ["instagram.com"] },
];

function profile(url: string, owner: string): SocialProfile {
  const host = new URL(url).hostname.replace(/^www\./, "");
  const known = networks.find(({ hosts }) => hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  const where = known?.name ?? host;
  return { url, network: known?.network ?? "other", label: owner ? `${owner} on ${where}` : where };
}

/** The Organization's name and profile addresses, or null when `data` is not Organization data. */
function organization(data: unknown): { name: string; sameAs: unknown[] } | null {
  if (typeof data !== "object" || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (fields["@type"] !== "Organization") return null;
  return { name: typeof fields.name === "string" ? fields.name : "", sameAs: Array.isArray(fields.sameAs) ? fields.sameAs : [] };
}

export function socialProfiles(data: unknown = organizationData): SocialProfile[] {
  const found = organization(data);
  if (!found) return [];
  const { name, sameAs } = found;
  return sameAs.flatMap((entry) => {
    const url = typeof entry === "string" ? safeUrl(entry) : null;
    return url?.startsWith("https://") ? [profile(url, name)] : [];
  });
}
