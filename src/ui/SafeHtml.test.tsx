import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { executableMarkup, expectNoExecutableMarkup, xssPayloads, xssSample } from "../../tests/xss.ts";
import { SafeHtml } from "./SafeHtml.tsx";
import { sanitizeHtml } from "./sanitize.ts";

describe("SafeHtml", () => {
  it("keeps editor formatting: headings, lists, links, emphasis, tables, images", () => {
    const { container } = render(
      <SafeHtml html={'<h2>Title</h2><p>A <strong>bold</strong> <a href="/blogs/x">link</a></p><ul><li>One</li></ul><table><tbody><tr><td>1</td></tr></tbody></table><img src="/media/a.svg" alt="A">'} />,
    );
    expect(container.querySelector("h2")).toHaveTextContent("Title");
    expect(container.querySelector("a")).toHaveAttribute("href", "/blogs/x");
    expect(container.querySelector("img")).toHaveAttribute("alt", "A");
    expect(container.querySelector("td")).toHaveTextContent("1");
  });

  it("drops scripts, handlers, javascript: links, frames, forms and inline styles", () => {
    const html = sanitizeHtml(
      '<p onclick="alert(1)" style="position:fixed">x</p><script>alert(1)</script><a href="javascript:alert(1)">y</a><iframe src="//evil"></iframe><form action="//evil"><input></form><svg><script>alert(1)</script></svg><img src=x onerror=alert(1)>',
    );
    const div = document.createElement("div");
    div.innerHTML = html;
    expect(executableMarkup(div)).toEqual([]);
    expect(div.querySelector("[style]")).toBeNull();
    expect(div.querySelector("svg")).toBeNull();
    expect(div.textContent).toContain("x");
  });

  it("marks links that open a new tab noopener noreferrer", () => {
    const div = document.createElement("div");
    div.innerHTML = sanitizeHtml('<a href="https://example.com" target="_blank">out</a>');
    expect(div.querySelector("a")).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("renders nothing for empty content", () => {
    const { container } = render(<SafeHtml html={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("leaves nothing executable from the public XSS payloads (every 7th here; all 6,613 in tests/e2e/xss.spec.ts)", () => {
    expect(xssPayloads().length).toBeGreaterThan(6000);
    const payloads = xssSample(7);
    const host = document.createElement("div");
    for (const payload of payloads) {
      host.innerHTML = sanitizeHtml(payload);
      expectNoExecutableMarkup(host, payload);
      // Sanitizing twice must be stable: no mutation XSS through re-parsing.
      expect(sanitizeHtml(host.innerHTML), payload).toBe(host.innerHTML);
    }
  });
});

describe("content HTML in its place", () => {
  it("keeps lists, but unwraps list items outside a list (they would close the card they sit in)", () => {
    expect(sanitizeHtml("<ul><li>a</li></ul><li>b</li><dd>c</dd>")).toBe("<ul><li>a</li></ul>bc");
  });

  it("keeps only phrasing content inside an inline holder", () => {
    expect(sanitizeHtml("<p>a <b>b</b></p><div><ul><li>c</li></ul></div>", { inline: true })).toBe("a <b>b</b>c");
  });

  it("parses back into the same tree inside a list item, so nothing escapes the page's own elements", () => {
    const hostile = "<li>one</li><p>two<li>three</p><dt>four</dt>";
    const markup = `<ul><li class="card"><div class="holder">${sanitizeHtml(hostile)}</div></li><li class="card">next</li></ul>`;
    const doc = new DOMParser().parseFromString(markup, "text/html");
    expect(doc.querySelectorAll("ul > li.card")).toHaveLength(2);
    expect(doc.querySelector(".holder")?.textContent).toBe("onetwothreefour");
  });
});

describe("content's ids and names", () => {
  it("are prefixed, so content never carries an id or name of the page's own", () => {
    const div = document.createElement("div");
    div.innerHTML = sanitizeHtml('<p id="corvane-hydration">{"siteUrl":"x"}</p><a name="main-content">m</a><h2 id="user-content-kept">k</h2>');
    expect([...div.querySelectorAll("[id], [name]")].map((element) => element.id || element.getAttribute("name"))).toEqual(["user-content-corvane-hydration", "user-content-main-content", "user-content-kept"]);
  });

  it("keep anchors inside content working: a fragment link and an id reference follow their target", () => {
    const html = sanitizeHtml('<a href="#team">Team</a> <a href="#">none</a> <a href="#top">top</a> <a href="/about-us#team">elsewhere</a><h2 id="team" aria-describedby="note x">T</h2><p id="note">n</p><table><tr><th id="h">H</th><td headers="h">1</td></tr></table>');
    const div = document.createElement("div");
    div.innerHTML = html;
    expect([...div.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["#user-content-team", "#", "#top", "/about-us#team"]);
    const target = div.querySelector(div.querySelector("a")?.getAttribute("href") ?? "");
    expect(target?.textContent).toBe("T");
    expect(target).toHaveAttribute("aria-describedby", "user-content-note user-content-x");
    expect(div.querySelector("td")).toHaveAttribute("headers", "user-content-h");
    // Sanitizing the result again changes nothing.
    expect(sanitizeHtml(html)).toBe(html);
  });
});
