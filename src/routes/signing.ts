import { createRouter } from "../lib/router";

export const signing = createRouter();
