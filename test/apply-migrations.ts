import { env } from "cloudflare:workers";
import { applyD1Migrations } from "cloudflare:test";

// Every shard's database has the whole schema (test/shards.test.ts spreads accounts over three).
await Promise.all([env.DB, env.DB_1, env.DB_2].map((db) => applyD1Migrations(db!, env.TEST_MIGRATIONS)));

// The Worker loads its PDF drawing and seal code only when it first makes a sealed file. Under
// vitest that first load transforms pdf-lib, fontkit and pkijs on demand (~15 s on a busy machine),
// which would land inside whichever test first asks for a PDF; load them here, before the tests.
await Promise.all([import("../src/domain/evidence-pdf/certificate"), import("../src/domain/evidence-pdf/bundle"), import("../src/lib/seal")]);
