/**
 * `@pdf-lib/standard-fonts` as the Worker is built: the Worker's build (wrangler.toml `[alias]`)
 * and the Node bundles of the validators and benches (scripts/bundle-src.mjs) resolve that package
 * to this module, and the service's own text reader imports it directly; the workerd tests resolve
 * the package itself for pdf-lib (test/standard-fonts.test.ts holds the two to the same metrics).
 * Same exports as the package (`Font`, `FontNames`, `Encodings`), which pdf-lib imports; what
 * differs is where the data lives. The package carries the metrics of the standard 14 fonts and
 * their encodings (about 130 KB of compressed base64, 94 KiB of the Worker's gzip) inside the
 * script; here they are the package's own files, copied verbatim by scripts/assets.mjs to the
 * static assets (`pdf-lib/standard-fonts/<name>.compressed.json`), read and inflated once per
 * isolate by `loadStandardFonts` before anything needs them (575 KB of JSON, each font parsed when
 * first used).
 *
 * What needs them: reading text from a PDF whose fonts are standard ones without widths
 * (src/lib/pdf/content-fonts.ts, reached only by reading a document's fields), and pdf-lib's
 * `embedFont(StandardFonts…)`, which the service never calls. Used before they are loaded is a
 * fault of the caller, said at once (never a silent fallback).
 *
 * `Font` and `Encoding` below follow the package's own classes (MIT, © Andrew Dillon).
 */
import { fromBase64 } from "../bytes";
import { inflateBounded } from "../inflate";
import { readAsset } from "../read-asset";

export enum FontNames {
  Courier = "Courier",
  CourierBold = "Courier-Bold",
  CourierOblique = "Courier-Oblique",
  CourierBoldOblique = "Courier-BoldOblique",
  Helvetica = "Helvetica",
  HelveticaBold = "Helvetica-Bold",
  HelveticaOblique = "Helvetica-Oblique",
  HelveticaBoldOblique = "Helvetica-BoldOblique",
  TimesRoman = "Times-Roman",
  TimesRomanBold = "Times-Bold",
  TimesRomanItalic = "Times-Italic",
  TimesRomanBoldItalic = "Times-BoldItalic",
  Symbol = "Symbol",
  ZapfDingbats = "ZapfDingbats",
}

/** The package's data files, by the names it gives them: one per font and the encodings. */
const NAMES = [...Object.values(FontNames), "all-encodings"];
const ASSET_DIR = "pdf-lib/standard-fonts";

type Metrics = { CharMetrics: { N: string; WX: number }[]; KernPairs: [string, string, number][] };

/** Each file's JSON, inflated, by name, once loaded. */
let inflated: Map<string, string> | null = null;
let loading: Promise<void> | null = null;
/** The most one file may inflate to (the largest is 160 KB). */
const MAX_INFLATED = 1024 * 1024;

/** Reads the standard fonts' files from the static assets and inflates them, once per isolate. */
export async function loadStandardFonts(assets: Fetcher): Promise<void> {
  if (inflated) return;
  loading ??= (async () => {
    const texts = await Promise.all(
      NAMES.map(async (name) => {
        const file = `${ASSET_DIR}/${name}.compressed.json`;
        const base64 = JSON.parse(await (await readAsset(assets, file, `the ${name} metrics`)).text()) as string;
        const out = await inflateBounded(fromBase64(base64), MAX_INFLATED, true);
        if (!out.complete || !out.bytes) throw new Error(`${file} in the static assets is not the package's compressed JSON`);
        return new TextDecoder().decode(out.bytes);
      }),
    );
    inflated = new Map(NAMES.map((name, i) => [name, texts[i]!]));
  })().finally(() => {
    loading = null;
  });
  await loading;
}

function data(name: string): string {
  const json = inflated?.get(name);
  if (json === undefined) throw new Error(`the standard fonts' ${name} data is not loaded: await loadStandardFonts(env.ASSETS) first`);
  return json;
}

/** A standard font's metrics: the AFM's header and metrics as the package's JSON holds them. */
export class Font {
  private static cache = new Map<string, Font>();
  declare FontName: string;
  declare CharMetrics: Metrics["CharMetrics"];
  declare KernPairs: Metrics["KernPairs"];
  CharWidths: Record<string, number> = {};
  KernPairXAmounts: Record<string, Record<string, number>> = {};

  static load(fontName: string): Font {
    const known = Font.cache.get(fontName);
    if (known) return known;
    if (!(Object.values(FontNames) as string[]).includes(fontName)) throw new Error(`not a standard font: ${fontName}`);
    const metrics = JSON.parse(data(fontName)) as Metrics;
    const font = Object.assign(new Font(), metrics);
    for (const m of metrics.CharMetrics) font.CharWidths[m.N] = m.WX;
    for (const [a, b, width] of metrics.KernPairs) {
      font.KernPairXAmounts[a] ??= {};
      font.KernPairXAmounts[a][b] = width;
    }
    Font.cache.set(fontName, font);
    return font;
  }

  getWidthOfGlyph = (glyphName: string): number | undefined => this.CharWidths[glyphName];
  getXAxisKerningForPair = (left: string, right: string): number | undefined => this.KernPairXAmounts[left]?.[right];
}

export class Encoding {
  readonly supportedCodePoints: number[];
  constructor(
    readonly name: string,
    readonly unicodeMappings: Record<number, [number, string]>,
  ) {
    this.supportedCodePoints = Object.keys(unicodeMappings)
      .map(Number)
      .sort((a, b) => a - b);
  }
  canEncodeUnicodeCodePoint = (codePoint: number) => codePoint in this.unicodeMappings;
  encodeUnicodeCodePoint = (codePoint: number) => {
    const mapped = this.unicodeMappings[codePoint];
    if (!mapped) throw new Error(`${this.name} cannot encode "${String.fromCharCode(codePoint)}" (0x${codePoint.toString(16).padStart(4, "0")})`);
    return { code: mapped[0], name: mapped[1] };
  };
}

type EncodingName = "Symbol" | "ZapfDingbats" | "WinAnsi";
let encodings: Record<EncodingName, Encoding> | null = null;
const encoding = (name: EncodingName): Encoding => {
  if (!encodings) {
    const all = JSON.parse(data("all-encodings")) as Record<"symbol" | "zapfdingbats" | "win1252", Record<number, [number, string]>>;
    encodings = {
      Symbol: new Encoding("Symbol", all.symbol),
      ZapfDingbats: new Encoding("ZapfDingbats", all.zapfdingbats),
      WinAnsi: new Encoding("WinAnsi", all.win1252),
    };
  }
  return encodings[name];
};

/** The package's `Encodings`, each built on first use from the loaded data. */
export const Encodings = {
  get Symbol() {
    return encoding("Symbol");
  },
  get ZapfDingbats() {
    return encoding("ZapfDingbats");
  },
  get WinAnsi() {
    return encoding("WinAnsi");
  },
};
