import { describeRenderProperties } from "./layoutProperties.tsx";

describeRenderProperties(0, 2);
