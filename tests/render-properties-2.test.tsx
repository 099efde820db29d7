import { describeRenderProperties } from "./renderProperties.tsx";

describeRenderProperties(1, 2);
