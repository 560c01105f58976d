import { createRouter } from "../lib/router";

export const evidence = createRouter();
