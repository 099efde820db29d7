/**
 * The carousel for blocks that are a carousel only when the layout says so: its code
 * (keen-slider) is fetched only where a section is actually shown as one, so pages that show
 * the same block as a grid never download it.
 */
import { lazy, Suspense, type ComponentProps } from "react";

const Slider = lazy(() => import("./Slider.tsx").then((module) => ({ default: module.Slider })));

export function LazySlider(props: ComponentProps<typeof Slider>) {
  // The runtime's placeholder class while a block's code loads, so whatever waits for blocks to arrive waits for this too.
  return (
    <Suspense fallback={<div className="block-loading" aria-hidden="true" />}>
      <Slider {...props} />
    </Suspense>
  );
}
