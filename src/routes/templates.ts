import { createRouter } from "../lib/router";

export const templates = createRouter();
