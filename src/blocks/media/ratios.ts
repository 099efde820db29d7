/** Width : height of the box each picture or animation fills. */
export const mediaRatios = { "1:1": [1, 1], "4:3": [4, 3], "16:9": [16, 9] } as const satisfies Record<string, readonly [number, number]>;
