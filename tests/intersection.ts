/**
 * An IntersectionObserver a test drives (jsdom has none): `FakeIntersectionObserver.come(element)`
 * is the element coming into the observed area, as the browser would report it.
 */
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Whether any observer still watches `target`. */
  static watching(target: Element): boolean {
    return FakeIntersectionObserver.all.some((observer) => observer.observed.has(target));
  }
  static come(target: Element) {
    for (const observer of FakeIntersectionObserver.all) {
      if (observer.observed.has(target)) observer.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}
