import { env } from "cloudflare:workers";
import { applyD1Migrations } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The Worker loads its PDF drawing and seal code only when it first makes a sealed file. Under
// vitest that first load transforms pdf-lib, fontkit and pkijs on demand (~15 s on a busy machine),
// which would land inside whichever test first asks for a PDF; load them here, before the tests.
await Promise.all([import("../src/domain/evidence-pdf/certificate"), import("../src/domain/evidence-pdf/bundle"), import("../src/lib/seal")]);
