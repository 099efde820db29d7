import type { Network } from "./socialProfiles.ts";

/** Simple glyphs, drawn in currentColor on a 24-unit grid. */
const glyphs: Record<Network, string> = {
  linkedin:
    "M4.5 8.5h3V19h-3zM6 3.8a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zM10 8.5h2.9v1.5c.5-.9 1.7-1.8 3.4-1.8 3 0 3.7 2 3.7 4.6V19h-3v-5.4c0-1.3-.1-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V19H10z",
  x: "M3.5 3.5h5l12 17h-5zM20 3.5l-6.6 7.4M4 20.5l6.6-7.4",
  youtube:
    "M5.5 5h13A3.5 3.5 0 0 1 22 8.5v7a3.5 3.5 0 0 1-3.5 3.5h-13A3.5 3.5 0 0 1 2 15.5v-7A3.5 3.5 0 0 1 5.5 5zM10 8.8v6.4l5.6-3.2z",
  facebook: "M13.5 21v-7.5h2.6l.4-3.2h-3V8.4c0-.9.3-1.5 1.6-1.5h1.6V4.1a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.3H7.7v3.2h2.6V21z",
  instagram:
    "M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm4.8-3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  other:
    "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 2c-1.2 0-2.6 2.4-2.9 6h5.8C14.6 7.4 13.2 5 12 5zm-4.9 6c.2-2.1.8-3.9 1.6-5A7 7 0 0 0 5.1 11zm9.8 0h2A7 7 0 0 0 15.3 6c.8 1.1 1.4 2.9 1.6 5zM5.1 13a7 7 0 0 0 3.6 5c-.8-1.1-1.4-2.9-1.6-5zm4 0c.3 3.6 1.7 6 2.9 6s2.6-2.4 2.9-6zm7.8 0c-.2 2.1-.8 3.9-1.6 5a7 7 0 0 0 3.6-5z",
};

/** The X mark is drawn with strokes; the others are filled shapes. */
export function SocialIcon({ network }: { network: Network }) {
  const stroked = network === "x";
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={glyphs[network]}
        fill={stroked ? "none" : "currentColor"}
        fillRule="evenodd"
        stroke={stroked ? "currentColor" : "none"}
        strokeWidth={stroked ? 2 : 0}
        strokeLinejoin="round"
      />
    </svg>
  );
}
