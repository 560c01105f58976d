/**
 * The documentation holds together: README.md and every page under docs/ link only to files of
 * this repository (no link leaves it), every relative link reaches an existing file (and heading,
 * when it names one), docs/README.md (the index) links every page of docs/, and every curl that
 * downloads a sealed file (`/v1/documents/{id}/pdf` or `/bundle`, or a signer's `/s/{token}/pdf`)
 * asks for the PDF itself with `Accept: application/pdf` (without it the API answers JSON with the
 * bytes as base64, and `-o file.pdf` would save JSON).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = path.join(ROOT, "docs");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : [],
  );
}

/** README.md and every Markdown page under docs/, as paths relative to the repository. */
const pages = () => ["README.md", ...walk(DOCS).map((f) => path.relative(ROOT, f).split(path.sep).join("/"))];

/** The text outside fenced code blocks, inline code spans blanked (a link in code is not a link). */
function prose(markdown) {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line.replace(/(`+)[\s\S]*?\1/g, (m) => " ".repeat(m.length));
    })
    .join("\n");
}

/** Every link target of a page: inline `[text](target)`, reference definitions, `<scheme:…>` autolinks, bare addresses, hrefs. */
function linksOf(markdown) {
  const text = prose(markdown);
  const out = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]);
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) out.push(m[1]);
  for (const m of text.matchAll(/<([a-z][a-z0-9+.-]*:[^\s>]+)>/gi)) out.push(m[1]);
  // A bare address in prose is a link too (GitHub links it), and so is an HTML anchor's href.
  for (const m of text.matchAll(/(?:^|\s)(https?:\/\/[^\s<>]+)/gm)) out.push(m[1]);
  for (const m of text.matchAll(/\bhref\s*=\s*["']([^"']*)["']/gi)) out.push(m[1]);
  return out;
}

/** A target with a scheme (https:, mailto:…) or protocol-relative (`//host`) leaves the repository. */
const leavesRepository = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, -1… for repeats. */
function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Problems with one page's links: leaving the repository, a missing file, a missing heading. */
function linkProblems(rel, markdown, root = ROOT) {
  const problems = [];
  for (const target of linksOf(markdown)) {
    if (leavesRepository(target)) {
      problems.push(`${rel}: ${target} leaves the repository`);
      continue;
    }
    const [file, anchor] = target.split("#");
    const resolved = file ? path.resolve(path.dirname(path.join(root, rel)), decodeURIComponent(file)) : path.join(root, rel);
    if (!resolved.startsWith(root) || !existsSync(resolved)) {
      problems.push(`${rel}: ${target} names no file of the repository`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && statSync(resolved).isFile() && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor)) {
      problems.push(`${rel}: ${target} names no heading of ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}

/** Every curl command of a page, continuation lines (`\` at the end) joined, in code or not. */
function curlsOf(markdown) {
  const joined = markdown.replace(/\\\n\s*/g, " ");
  return joined
    .split("\n")
    .filter((line) => /\bcurl\s/.test(line))
    .map((line) => line.trim());
}

/** The paths that answer a sealed file. */
const SEALED_DOWNLOAD = /\/(v1\/documents\/[^/\s"']+\/(pdf|bundle)|s\/[^/\s"']+\/pdf)(?=[\s"'?`)]|$)/;
const ACCEPTS_PDF = /-H\s*["']accept:\s*application\/pdf["']|--header\s*["']accept:\s*application\/pdf["']/i;

/** Curls of a page that download a sealed file without asking for the PDF. */
function curlProblems(rel, markdown) {
  return curlsOf(markdown)
    .filter((c) => SEALED_DOWNLOAD.test(c) && !ACCEPTS_PDF.test(c))
    .map((c) => `${rel}: ${c.slice(0, 160)} downloads a sealed file without -H "Accept: application/pdf"`);
}

describe("documentation", () => {
  const files = pages();
  const read = (rel) => readFileSync(path.join(ROOT, rel), "utf8");

  it("finds README.md, docs/README.md and the pages of docs/", () => {
    assert.ok(files.includes("docs/README.md"), "docs/README.md (the index) exists");
    assert.ok(files.length > 20, `found ${files.length} pages`);
  });

  it("every link of README.md and docs/ stays in the repository and reaches an existing file and heading", () => {
    const problems = files.flatMap((rel) => linkProblems(rel, read(rel)));
    assert.deepEqual(problems, [], `Broken or outside links:\n${problems.join("\n")}`);
  });

  it("README.md links the documentation index docs/README.md", () => {
    assert.ok(linksOf(read("README.md")).includes("docs/README.md"), "README.md has a link to docs/README.md");
  });

  it("docs/README.md links every page of docs/", () => {
    const index = new Set(
      linksOf(read("docs/README.md"))
        .filter((t) => !leavesRepository(t))
        .map((t) => path.posix.normalize(path.posix.join("docs", t.split("#")[0]))),
    );
    const missing = files.filter((rel) => rel.startsWith("docs/") && rel !== "docs/README.md" && !index.has(rel));
    assert.deepEqual(missing, [], `Pages docs/README.md does not link:\n${missing.join("\n")}`);
  });

  it('every curl downloading a sealed PDF sends -H "Accept: application/pdf"', () => {
    const curls = files.flatMap((rel) => curlsOf(read(rel)).filter((c) => SEALED_DOWNLOAD.test(c)));
    assert.ok(curls.length >= 2, `found ${curls.length} curls downloading a sealed file`);
    const problems = files.flatMap((rel) => curlProblems(rel, read(rel)));
    assert.deepEqual(problems, [], problems.join("\n"));
  });

  it("the checks themselves catch a broken link, a link out, a missing heading and a curl without Accept", () => {
    assert.deepEqual(linkProblems("docs/README.md", "[x](no-such-page.md)"), ["docs/README.md: no-such-page.md names no file of the repository"]);
    assert.deepEqual(linkProblems("docs/README.md", "[x](https://example.com/)"), ["docs/README.md: https://example.com/ leaves the repository"]);
    assert.deepEqual(linkProblems("docs/README.md", "[x](webhooks.md#no-such-heading)"), [
      "docs/README.md: webhooks.md#no-such-heading names no heading of docs/webhooks.md",
    ]);
    assert.deepEqual(linkProblems("docs/README.md", "See https://example.com/ for more."), ["docs/README.md: https://example.com/ leaves the repository"]);
    assert.deepEqual(linkProblems("docs/README.md", "`[x](https://example.com/)` and [y](webhooks.md#payloads)"), []);
    assert.equal(curlProblems("a.md", 'curl -H "Authorization: Bearer $KEY" \\\n  http://localhost:8787/v1/documents/doc_1/pdf -o a.pdf').length, 1);
    assert.equal(curlProblems("a.md", 'curl -H "Accept: application/pdf" http://localhost:8787/v1/documents/doc_1/bundle -o b.pdf').length, 0);
    assert.equal(curlProblems("a.md", "curl http://localhost:8787/v1/documents/doc_1/certificate").length, 0);
  });
});
