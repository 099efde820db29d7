import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { ownPaper, pdfFileName } from "./paper.ts";

describe("ownPaper", () => {
  const papers = page({
    contents: [
      wireItem("ThoughtPapers", { title: "Another paper", anchorlink: "/another-paper" }),
      wireItem("ThoughtPapers", { title: "Future of Work", anchorlink: "/Future-Of-Work" }),
    ],
  }).contents;

  it("is the paper whose anchor link is the address's last segment, any case", () => {
    expect(ownPaper(papers, "/thoughtPapers/future-of-work")?.title).toBe("Future of Work");
    expect(ownPaper(papers, "/thoughtpapers/future-of-work/")?.title).toBe("Future of Work");
  });

  it("is the first paper when none matches, and none without papers", () => {
    expect(ownPaper(papers, "/thoughtPapers/something-else")?.title).toBe("Another paper");
    expect(ownPaper(papers, "/thoughtPapers/%E0%A4%A")?.title).toBe("Another paper");
    expect(ownPaper([], "/thoughtPapers/x")).toBeUndefined();
  });
});

describe("pdfFileName", () => {
  it("names the file for the thought paper", () => {
    expect(pdfFileName("The State of Intelligent Automation 2026")).toBe("The State of Intelligent Automation 2026.pdf");
    expect(pdfFileName("Ops: what/why? <2026>")).toBe("Ops what why 2026.pdf");
    expect(pdfFileName("Report.PDF ")).toBe("Report.pdf");
    expect(pdfFileName("   ")).toBe("thought-paper.pdf");
    expect(pdfFileName("../../etc/passwd")).toBe("etc passwd.pdf");
  });

  it("always gives a .pdf name with no path separators or reserved characters", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: fc.constantFrom(".", " ", "/", "a", "é", "\t", ".pdf"), maxLength: 40 })), (title) => {
        const name = pdfFileName(title);
        expect(name.endsWith(".pdf")).toBe(true);
        expect(name.length).toBeGreaterThan(".pdf".length);
        expect(name).not.toMatch(/[\\/:*?"<>|\p{Cc}]/u);
        expect(name.startsWith(".")).toBe(false);
      }),
    );
  });
});
