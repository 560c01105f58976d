/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas, or by semicolons when the
 * header line has no comma but has one (what Excel writes where the decimal mark is a comma);
 * quoted fields may hold separators, line breaks and doubled quotes; lines end in CRLF or LF; a
 * UTF-8 byte-order mark is dropped. Only UTF-8 is read: anything else is refused, not guessed.
 */

export type CsvRow = { line: number; cells: string[] };

export class CsvError extends Error {}

/** Decodes the bytes as UTF-8 (refusing anything else) and reads the rows; empty lines are skipped. */
export function readCsv(bytes: Uint8Array, limits: { maxRows: number }): CsvRow[] {
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
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") {
      if (rows.length >= limits.maxRows) throw new CsvError(`more than ${limits.maxRows} rows.`);
      rows.push({ line: rowLine, cells });
    }
    cells = [];
    cell = "";
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== sep && next !== "\r" && next !== "\n") {
          throw new CsvError(`line ${line}: text after a closing quote (a quote inside a quoted field is written twice: "").`);
        }
        continue;
      }
      if (ch === "\n") line++;
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      i++;
    } else if (ch === sep) {
      cells.push(cell);
      cell = "";
      i++;
    } else if (ch === "\r" || ch === "\n") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      cell += ch;
      i++;
    }
  }
  if (quoted) throw new CsvError(`line ${rowLine}: a quoted field is never closed.`);
  endRow();
  return rows;
}
