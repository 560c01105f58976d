import { createRouter } from "../lib/router";

export const webhooks = createRouter();
