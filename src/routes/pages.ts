import { createRouter } from "../lib/router";

export const pages = createRouter();
