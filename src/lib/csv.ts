/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas, or by semicolons when the
 * header line has no comma but has one (what Excel writes where the decimal mark is a comma);
 * quoted fields may hold separators, line breaks and doubled quotes; lines end in CRLF or LF; a
 * UTF-8 byte-order mark is dropped. Only UTF-8 is read: anything else is refused, not guessed.
 */

export type CsvRow = { line: number; cells: string[] };

export class CsvError extends Error {}

/**
 * Decodes the bytes as UTF-8 (refusing anything else) and reads the rows; empty lines are skipped.
 * One pass over the text; a row with more than `maxColumns` cells stops the reading there.
 */
export function readCsv(bytes: Uint8Array, limits: { maxRows: number; maxColumns?: number }): CsvRow[] {
  const maxColumns = limits.maxColumns ?? Number.POSITIVE_INFINITY;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError('the file is not UTF-8 text (in a spreadsheet, save it as "CSV UTF-8").');
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let i = 0;
  const endCell = () => {
    if (cells.length >= maxColumns) throw new CsvError(`line ${rowLine}: more than ${maxColumns} columns.`);
    cells.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    if (cells.length > 1 || cells[0] !== "") {
      if (rows.length >= limits.maxRows) throw new CsvError(`more than ${limits.maxRows} rows.`);
      rows.push({ line: rowLine, cells });
    }
    cells = [];
  };
  // Runs of ordinary characters are taken with one slice each, not a character at a time.
  const sepCode = sep.charCodeAt(0);
  while (i < text.length) {
    if (quoted) {
      const q = text.indexOf('"', i);
      if (q < 0) break; // never closed: refused below
      const run = text.slice(i, q);
      for (let k = run.indexOf("\n"); k >= 0; k = run.indexOf("\n", k + 1)) line++;
      cell += run;
      if (text[q + 1] === '"') {
        cell += '"';
        i = q + 2;
        continue;
      }
      quoted = false;
      i = q + 1;
      const next = text[i];
      if (next !== undefined && next !== sep && next !== "\r" && next !== "\n") {
        throw new CsvError(`line ${line}: text after a closing quote (a quote inside a quoted field is written twice: "").`);
      }
      continue;
    }
    const ch = text[i]!;
    if (ch === '"' && cell === "") {
      quoted = true;
      i++;
    } else if (ch === sep) {
      endCell();
      i++;
    } else if (ch === "\r" || ch === "\n") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      // A quote inside an unquoted field is an ordinary character.
      let end = i + 1;
      for (let c = text.charCodeAt(end); end < text.length && c !== sepCode && c !== 13 && c !== 10; c = text.charCodeAt(++end));
      cell += text.slice(i, end);
      i = end;
    }
  }
  if (quoted) throw new CsvError(`line ${rowLine}: a quoted field is never closed.`);
  endRow();
  return rows;
}
