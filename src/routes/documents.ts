import { createRouter } from "../lib/router";

export const documents = createRouter();
