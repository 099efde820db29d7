import { describe, expect, it } from "vitest";
import { ContentItemSchema } from "../content/contract.ts";
import type { BlockName } from "../runtime/registry.ts";
import type { RenderSlot } from "../runtime/slots.ts";
import { jsonLdText } from "../ui/jsonLd.ts";
import { page as buildPage, wireItem } from "../../tests/builders.ts";
import { descriptionLength, siteOrganization, structuredData, structuredDataDocument, type JsonLdNode } from "./structuredData.ts";

const siteUrl = "https://www.site.example";

function slot(block: BlockName, options: Record<string, unknown>, items: Record<string, unknown>[] = []): RenderSlot {
  return { id: block, block, items: items.map((item) => ContentItemSchema.parse(item)), options, fallbackOptions: null, title: null, background: null, source: "layout" };
}

const blogItem = wireItem("Blogs", {
  title: "Ten <em>lessons</em> &amp; one warning",
  longDesc: `<p>First paragraph of the body.</p><h2>Then</h2><p>${"More words follow here. ".repeat(20)}</p>`,
  date: "2026-06-18T00:00:00",
  authorName: "Meera Iyer",
  anchorlink: "/ten-lessons",
});

const only = (nodes: JsonLdNode[], type: string) => nodes.filter((entry) => entry["@type"] === type);

describe("structured data", () => {
  it("describes a blog page as the BlogPosting its article block shows: heading, body, date, byline, hero picture", () => {
    const page = buildPage({ blog: blogItem, blogImage: "/media/blog-hero.jpg" });
    const nodes = structuredData({ page, slots: [slot("article-detail", { item: "blog", byline: true, backTo: "blogs", image: "blogImage" })], path: "/blogs/ten-lessons", siteUrl });
    expect(nodes).toEqual([
      {
        "@type": "BlogPosting",
        headline: "Ten lessons & one warning",
        description: expect.stringMatching(/^First paragraph of the body\. Then More words follow here\..*…$/) as unknown,
        image: `${siteUrl}/media/blog-hero.jpg`,
        datePublished: "2026-06-18",
        author: { "@type": "Person", name: "Meera Iyer" },
        publisher: { "@type": "Organization", name: siteOrganization.name, url: siteOrganization.url, logo: { "@type": "ImageObject", url: siteOrganization.logo } },
        mainEntityOfPage: { "@type": "WebPage", "@id": `${siteUrl}/blogs/ten-lessons` },
      },
    ]);
    expect(String(nodes[0]?.description).length).toBeLessThanOrEqual(descriptionLength + 1);
  });

  it("names no author the page does not show, and no date or picture the content lacks", () => {
    const caseStudy = wireItem("CaseStudies", { title: "A case", longDesc: "<p>Body.</p>", authorName: "Not shown", date: "not a date" });
    const page = buildPage({ caseStudy });
    const [article, ...rest] = structuredData({ page, slots: [slot("article-detail", { item: "caseStudy", backTo: "caseStudies", image: "csImage" })], path: "/casestudies/a-case", siteUrl });
    expect(rest).toEqual([]);
    expect(article?.["@type"]).toBe("Article");
    expect(article).not.toHaveProperty("author");
    expect(article).not.toHaveProperty("datePublished");
    expect(article).not.toHaveProperty("image");
    expect(article?.description).toBe("Body.");
  });

  it("describes a thought paper on its own page only, as its download block shows it", () => {
    const paper = wireItem("ThoughtPapers", { title: "The <b>State</b> of Things", shortDesc: "<p>Findings from 210 leaders.</p>", image: "https://cdn.example/paper.png", date: "2026-10-20T09:30:00Z", anchorlink: "/state-of-things" });
    const other = wireItem("ThoughtPapers", { anchorlink: "/another-paper" });
    const slots = [slot("thought-paper-download", {}, [other, paper])];
    const own = structuredData({ page: buildPage(), slots, path: "/thoughtPapers/State-Of-Things/", siteUrl });
    expect(own).toEqual([
      expect.objectContaining({ "@type": "Article", headline: "The State of Things", description: "Findings from 210 leaders.", image: "https://cdn.example/paper.png", datePublished: "2026-10-20T09:30:00Z" }),
    ]);
    // A page that merely offers papers is not an article about one of them.
    expect(structuredData({ page: buildPage(), slots, path: "/Resources", siteUrl })).toEqual([]);
  });

  it("gives each video the block shows its name, poster, file, date and captions; the description only where the layout shows it", () => {
    const video = wireItem("Videos", { title: "Corvane in 60 seconds", shortDesc: "<p>A short look.</p>", image: "/media/poster.jpg", video: "/media/reel.webm", documentPath: "/media/reel.en.vtt", date: "2026-03-05T00:00:00" });
    const undated = wireItem("Videos", { title: "Undated", video: "https://cdn.example/v.mp4", documentPath: null });
    const unsafe = wireItem("Videos", { title: "Never shown", video: "javascript:alert(1)" });
    const inline = structuredData({ page: buildPage(), slots: [slot("video", { layout: "feature" }, [video, undated, unsafe])], path: "/Experience", siteUrl });
    expect(only(inline, "VideoObject")).toEqual([
      {
        "@type": "VideoObject",
        name: "Corvane in 60 seconds",
        thumbnailUrl: `${siteUrl}/media/poster.jpg`,
        contentUrl: `${siteUrl}/media/reel.webm`,
        uploadDate: "2026-03-05",
        caption: { "@type": "MediaObject", contentUrl: `${siteUrl}/media/reel.en.vtt`, encodingFormat: "text/vtt", inLanguage: "en" },
      },
      { "@type": "VideoObject", name: "Undated", thumbnailUrl: expect.stringMatching(/^https:\/\/www\.site\.example\/media\//) as unknown, contentUrl: "https://cdn.example/v.mp4" },
    ]);
    const popup = structuredData({ page: buildPage(), slots: [slot("video", { layout: "popup" }, [video])], path: "/Experience", siteUrl });
    expect(popup[0]?.description).toBe("A short look.");
  });

  it("marks the home page as the WebSite, and no other page", () => {
    const home = structuredData({ page: buildPage(), slots: [], path: "/home", siteUrl });
    expect(home).toEqual([expect.objectContaining({ "@type": "WebSite", name: "Corvane Global Services", url: `${siteUrl}/` })]);
    expect(structuredData({ page: buildPage(), slots: [], path: "/about-us", siteUrl })).toEqual([]);
    expect(structuredDataDocument([])).toBeNull();
  });

  it("is data a script element cannot be closed from: every '<' of content is escaped, and it reads back the same", () => {
    const hostile = wireItem("Blogs", { title: "Fish &lt;/script&gt;&lt;script&gt;alert(1)", longDesc: "<p>&lt;/script&gt;&lt;!-- x</p>", date: "2026-01-01" });
    const graph = structuredDataDocument(structuredData({ page: buildPage({ blog: hostile }), slots: [slot("article-detail", { item: "blog", backTo: "blogs" })], path: "/blogs/x", siteUrl }));
    const written = jsonLdText(graph);
    expect(written).not.toMatch(/</);
    const read = JSON.parse(written) as { "@graph": JsonLdNode[] };
    expect(read["@graph"][0]?.headline).toBe("Fish </script><script>alert(1)");
    expect(read["@graph"][0]?.description).toBe("</script><!-- x");
  });
});
