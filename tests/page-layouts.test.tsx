/**
 * The page layouts of SPEC 2.10 and 2.3 items 9 and 10, said only in layouts/*.json, checked
 * against the fixture content through the real fixture service: every section is there, in
 * order, showing what the content (pages, resources) says and nothing the code wrote.
 */
import { screen, within } from "@testing-library/react";
import { forwardRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { toPlainText } from "../src/ui/text.ts";
import { fixturePageData, openFixturePage, slotSection, wireTags } from "./harness.tsx";

// lottie-web needs a real canvas; the home page's animation is checked in Chromium (tests/e2e/home.spec.ts).
vi.mock("@lottiefiles/react-lottie-player", () => ({
  Player: forwardRef<HTMLDivElement, { src: string }>(function Player({ src }, ref) {
    return <div ref={ref} data-testid="lottie" data-src={src} />;
  }),
}));

const slotOrder = () => [...document.querySelectorAll("[data-slot]")].map((element) => element.getAttribute("data-slot"));
const titlesOf = (type: number, name: string) => fixturePageData(name).contents.filter((item) => item.type === type).map((item) => toPlainText(item.title));
const PANELS = 8;
const INFOGRAPHICS = 6;
const TESTIMONIALS = 9;
const VIDEOS = 13;
const BLOGS = 2;
const FAQS = 4;
const CAROUSELS = 3;

describe("Home (/Home, page index)", () => {
  const home = fixturePageData("index");

  it("shows the home sections of SPEC 2.10, in order", async () => {
    await openFixturePage("/Home");
    expect(slotOrder()).toEqual(["hero", "headlines", "long-description", "panels", "home-video", "infographics", "experts", "media", "thumbnails", "case-studies", "blogs", "faqs"]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(String(home.heading));
    expect(document.querySelector(".hero__subtitle")).toHaveTextContent(String(home.shortDesc));
  });

  it("slides the page's carousel list as headlines, and shows it nowhere else", async () => {
    await openFixturePage("/Home");
    const headlines = slotSection("headlines");
    const titles = (home.carouselList ?? []).map((item) => item.title);
    expect([...headlines.querySelectorAll(".hero-slider__title")].map((el) => el.textContent)).toEqual(titles);
    expect(within(headlines).getAllByRole("button", { name: /^Slide \d/ })).toHaveLength(titles.length);
    expect(document.querySelectorAll(".hero__highlight")).toHaveLength(0);
  });

  it("gives every panel the fixed LEARN MORE button", async () => {
    await openFixturePage("/Home");
    const panels = titlesOf(PANELS, "index");
    expect(within(slotSection("panels")).getAllByRole("link").map((link) => link.getAttribute("aria-label"))).toEqual(panels.map((title) => `LEARN MORE: ${title}`));
  });

  it("plays the home video from its poster, with English captions from documentPath", async () => {
    await openFixturePage("/Home");
    const [video] = fixturePageData("index").contents.filter((item) => item.type === VIDEOS);
    const section = slotSection("home-video");
    expect(within(section).getByRole("button", { name: `Play video: ${String(video?.title)}` })).toBeInTheDocument();
    expect(section.querySelector("video")).toHaveAttribute("poster", String(video?.image));
    expect(section.querySelector("track")).toHaveAttribute("src", String(video?.documentPath));
    expect(section.querySelector("track")).toHaveAttribute("srclang", "en");
  });

  it("shows the figures as the infographic carousel and the expert block under its resource title", async () => {
    await openFixturePage("/Home");
    const figures = within(slotSection("infographics")).getByRole("group", { name: "Corvane by the Numbers" });
    expect(figures).toHaveAttribute("aria-roledescription", "carousel");
    expect([...figures.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(titlesOf(INFOGRAPHICS, "index"));
    expect(within(figures).getByRole("button", { name: "Stop automatic slide show" })).toBeInTheDocument();
    const experts = screen.getByRole("region", { name: "Expert Speak" });
    expect(experts).toBe(slotSection("experts"));
    expect([...experts.querySelectorAll(".testimonial__name")].map((el) => el.textContent)).toEqual(titlesOf(TESTIMONIALS, "index"));
  });

  it("shows the blogs as the blog carousel, the content's animation, and the FAQ under the page's own title", async () => {
    await openFixturePage("/Home");
    const blogs = within(slotSection("blogs")).getByRole("group", { name: "Latest Insights" });
    expect([...blogs.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(titlesOf(BLOGS, "index"));
    const [animation] = home.contents.filter((item) => item.type === 14);
    expect(await within(slotSection("media")).findByTestId("lottie")).toHaveAttribute("data-src", String(animation?.image));
    const faqs = screen.getByRole("region", { name: String(home.resources?.["FAQS-TITLE"]) });
    // Each question is a <summary> (it opens before the code arrives), which testing-library gives no role.
    expect([...faqs.querySelectorAll("summary")].map((summary) => summary.textContent)).toEqual(titlesOf(FAQS, "index"));
  });

  it("is shared by index-duplicate, reached by its path", async () => {
    await openFixturePage("/index-duplicate");
    expect(slotOrder()).toEqual(["hero", "headlines", "long-description", "panels", "home-video", "infographics", "experts", "thumbnails", "case-studies", "blogs", "faqs"]);
    expect(document.querySelector(".hero--home .hero__subtitle")).toBeInTheDocument();
  });
});

describe("Marketing automation and insights (SPEC 2.3 item 9)", () => {
  const name = "GBS-Marketing-Automation-Insights";
  const path = "/global-brand-solutions/marketing-automation-insights";
  const resources = fixturePageData(name).resources ?? {};
  const sections = [
    ["mai-benefits", "MAI-BENEFITS"],
    ["mai-omnichannel", "MAI-OMNICHANNEL"],
    ["mai-stack-outcomes", "MAI-STACK"],
    ["mai-best-tools", "MAI-TOOLS"],
    ["mai-solutions", "MAI-SOLUTIONS"],
  ] as const;

  it("shows its fixed sections in order, each titled and written from the page's text resources", async () => {
    await openFixturePage(path);
    const order = slotOrder();
    expect(order.slice(order.indexOf("long-description"), order.indexOf("martech-partners") + 1)).toEqual([
      "long-description",
      "mai-benefits",
      "mai-omnichannel",
      "mai-assessment",
      "mai-stack-outcomes",
      "mai-best-tools",
      "mai-solutions",
      "martech-partners",
    ]);
    for (const [slot, key] of sections) {
      const section = screen.getByRole("region", { name: resources[`${key}-TITLE`] });
      expect(section, slot).toBe(slotSection(slot));
      expect(section).toHaveTextContent(toPlainText(resources[`${key}-TEXT`]));
    }
  });

  it("links data-driven marketing solutions to /blogs/suite-of-solutions-and-services", async () => {
    await openFixturePage(path);
    expect(within(slotSection("mai-solutions")).getByRole("link", { name: resources["MAI-LEARN-MORE"] })).toHaveAttribute("href", "/blogs/suite-of-solutions-and-services");
  });

  it("shows the martech partners as a carousel of exactly the MARTECH-PARTNERS items", async () => {
    await openFixturePage(path);
    const partners = fixturePageData(name).contents.filter((item) => item.type === CAROUSELS && wireTags(item).includes("martech-partners"));
    const carousel = within(slotSection("martech-partners")).getByRole("group", { name: "Our Martech Partners" });
    expect([...carousel.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(partners.map((item) => item.title));
    expect(document.querySelector('[data-slot="carousels"]')).toBeNull();
  });

  it("calls to contact us, from resources", async () => {
    await openFixturePage(path);
    for (const slot of ["mai-assessment", "mai-contact"]) {
      expect(within(slotSection(slot)).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact-us");
    }
    expect(screen.getByRole("region", { name: resources["MAI-CTA-TITLE"] })).toBe(slotSection("mai-contact"));
  });
});

describe("Presentation services (SPEC 1, 2.3 item 10)", () => {
  const name = "GBS-CreativeProduction-PresentationServices";
  const page = fixturePageData(name);

  it("advertises the offer from the page: its heading, fixed per-slide pricing and no hourly billing, and the quote button", async () => {
    await openFixturePage("/global-brand-solutions/creative-production/presentation-services");
    const offer = screen.getByRole("region", { name: String(page.heading1) });
    expect(offer).toBe(slotSection("presentation-offer"));
    expect(String(page.heading1)).toBe("Offer Starts from $9.99");
    expect(offer).toHaveTextContent(String(page.desc));
    expect(within(offer).getByRole("link", { name: page.resources?.["GBS-PRESENTATION-BUTTON"] })).toHaveAttribute("href", "/contact-us");
  });

  it("offers each sample video as a popup whose id is its title lowercased without spaces", async () => {
    await openFixturePage("/global-brand-solutions/creative-production/presentation-services");
    const samples = page.contents.filter((item) => item.type === VIDEOS);
    expect(samples.length).toBeGreaterThan(1);
    for (const sample of samples) {
      const id = sample.title.toLowerCase().replace(/\s+/g, "");
      expect(screen.getByRole("button", { name: `Play video: ${sample.title}` })).toHaveAttribute("aria-controls", id);
      const dialog = document.getElementById(id);
      expect(dialog?.tagName).toBe("DIALOG");
      expect(dialog?.querySelector("video")).toHaveAttribute("src", String(sample.video));
    }
  });
});

describe("Retirement benefits administration (SPEC 2.3 item 10)", () => {
  it("opens its video in a popup", async () => {
    await openFixturePage("/Smart-work-solutions/operations-transformation/retirement-benefits-administration");
    const [video] = fixturePageData("SWS-OperationsTransformation-RetirementBenefitsAdministration").contents.filter((item) => item.type === VIDEOS);
    const id = String(video?.title).toLowerCase().replace(/\s+/g, "");
    expect(screen.getByRole("button", { name: `Play video: ${String(video?.title)}` })).toHaveAttribute("aria-controls", id);
    expect(document.getElementById(id)?.tagName).toBe("DIALOG");
  });
});
