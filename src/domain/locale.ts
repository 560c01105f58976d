/**
 * A language as an input (a signer's `locale`, the account's `locale`): any BCP 47 tag that reaches
 * one of the service's languages (`pt-BR` → `pt`, `EN` → `en`; `zh-CN` → `zh-Hans` once listed) is
 * stored as that language's code; anything else stays what it was and fails the closed list, 422
 * (docs/languages.md "Matching").
 */
import { z } from "@hono/zod-openapi";
import { matchLang } from "../i18n/lang";
import { LANGUAGES } from "./vocabulary";

export const Locale = z.preprocess((v) => (typeof v === "string" ? (matchLang(v) ?? v) : v), z.enum(LANGUAGES));
