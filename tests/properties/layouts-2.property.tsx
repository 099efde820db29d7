import { describeRenderProperties } from "./layoutProperties.tsx";

describeRenderProperties(1, 2);
