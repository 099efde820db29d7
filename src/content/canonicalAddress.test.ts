import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalAddress, canonicalPath, fixedAddresses } from "./canonicalAddress.ts";

const site = "https://www.corvane.example";

describe("a page's one address", () => {
  it.each([
    ["/home", "/Home"],
    ["/HOME", "/Home"],
    ["/Home/", "/Home"],
    ["/Home//", "/Home"],
    ["//Home", "/Home"],
    ["/%48ome", "/Home"],
    ["/%48%6f%6d%65/", "/Home"],
    ["/./Home/../Home", "/Home"],
    ["/CONTACT-US", "/contact-us"],
    ["/smart-work-solutions", "/Smart-work-solutions"],
    ["/GLOBAL-brand-solutions//creative-production/3D-SOLUTIONS/", "/global-brand-solutions/creative-production/3d-solutions"],
  ])("a fixed address is the route table's spelling: %s → %s", (asked, canonical) => {
    expect(canonicalPath(asked)).toBe(canonical);
  });

  it.each([
    ["/blogs/Future-Of-Work", "/blogs/Future-Of-Work"],
    ["/BLOGS/Future-Of-Work/", "/blogs/Future-Of-Work"],
    ["/thoughtpapers/A-Paper", "/thoughtPapers/A-Paper"],
    ["/blogs/a/b", "/blogs/a/b"],
    ["/blogs//future-of-work", "/blogs/future-of-work"],
    ["/blogs/%66uture-of-work", "/blogs/future-of-work"],
    ["/Feedback", "/Feedback"],
    ["/feedback/", "/feedback"],
    ["/blogs/caf%c3%a9", "/blogs/caf%C3%A9"],
    ["/blogs/a%2fb", "/blogs/a%2Fb"],
    ["/blogs/a b", "/blogs/a%20b"],
    ["/blogs/café", "/blogs/caf%C3%A9"],
    ["/\\evil.example", "/%5Cevil.example"],
    ["/", "/"],
    ["//", "/"],
  ])("a detail page keeps its own part's case, the catch-all all of it: %s → %s", (asked, canonical) => {
    expect(canonicalPath(asked)).toBe(canonical);
  });

  it("is no address for a malformed escape or what is not a path", () => {
    for (const path of ["/a%zz", "/a%4", "/%", "*", "example.com:443", ""]) expect(canonicalPath(path), path).toBeNull();
  });

  it("answers the canonical spelling as the page, keyed by the parameters a page reads", () => {
    expect(canonicalAddress("/Home", site)).toEqual({ kind: "page", path: "/Home", address: "/Home" });
    expect(canonicalAddress("/Home?utm_source=mail&gclid=1", site)).toEqual({ kind: "page", path: "/Home", address: "/Home" });
    expect(canonicalAddress("/blogs?page=02&utm_medium=x&sort=ascending", site)).toEqual({ kind: "page", path: "/blogs", address: "/blogs?sort=ascending&page=2" });
  });

  it("moves any other spelling to the canonical one, keeping the query as asked", () => {
    expect(canonicalAddress("/HOME/?utm_source=mail", site)).toEqual({ kind: "moved", location: "/Home?utm_source=mail" });
    expect(canonicalAddress("/blogs//x?page=2", site)).toEqual({ kind: "moved", location: "/blogs/x?page=2" });
  });

  it("answers a target in absolute form for the site's own origin only", () => {
    expect(canonicalAddress("http://x.example/Home", site)).toEqual({ kind: "moved", location: `${site}/Home` });
    expect(canonicalAddress("http://x.example", site)).toEqual({ kind: "moved", location: `${site}/` });
    expect(canonicalAddress(`${site}/home?x=1`, site)).toEqual({ kind: "moved", location: `${site}/Home?x=1` });
    expect(canonicalAddress(`${site}/Home`, site)).toEqual({ kind: "page", path: "/Home", address: "/Home" });
    expect(canonicalAddress("*", site)).toEqual({ kind: "bad" });
    expect(canonicalAddress("/a%zz", site)).toEqual({ kind: "bad" });
  });

  /** A spelling of `path` a stranger could send: letters' case (fixed addresses), escaped letters, doubled and trailing slashes, dot segments. */
  const spelling = (path: string, fixed: boolean) =>
    fc.array(fc.nat(4), { minLength: path.length, maxLength: path.length }).map((choices) =>
      Array.from(path)
        .map((character, index) => {
          const choice = choices[index] ?? 0;
          if (character === "/") return ["/", "//", "/./", "/x/../", "///"][choice] ?? "/";
          if (/[A-Za-z0-9]/.test(character) && choice === 1) return `%${character.charCodeAt(0).toString(16)}`;
          if (fixed && choice === 2) return character.toUpperCase();
          if (fixed && choice === 3) return character.toLowerCase();
          return character;
        })
        .join("") + (choices[0] === 4 ? "/" : ""),
    );

  it("maps every spelling of a fixed address to the table's, and of a detail address to itself (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixedAddresses.filter((path) => path !== "/")).chain((path) => fc.tuple(fc.constant(path), spelling(path, true))),
        ([path, asked]) => canonicalPath(asked) === path && canonicalPath(path) === path,
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z0-9-]{1,24}$/).chain((slug) => fc.tuple(fc.constant(`/blogs/${slug}`), spelling(`/blogs/${slug}`, false))),
        ([path, asked]) => canonicalPath(asked) === path,
      ),
    );
  });

  it("is its own canonical spelling (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("/", "a", "Z", "%", "2", "f", "E", ".", "~", "-", "_", " ", "\\", "|", "é", "?"), maxLength: 30 }), (tail) => {
        const once = canonicalPath(`/${tail}`);
        return once === null || canonicalPath(once) === once;
      }),
    );
  });
});
