import { describeRenderProperties } from "./renderProperties.tsx";

describeRenderProperties(0, 2);
