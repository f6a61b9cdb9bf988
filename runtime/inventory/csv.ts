// RFC 4180 CSV: comma separated, double-quoted fields may hold commas, quotes ("") and line breaks.

export interface CsvTable {
  header: string[];
  /** Each data row with the spreadsheet row number it started on (header is row 1). */
  rows: { line: number; cells: string[] }[];
}

export function parseCsv(text: string): CsvTable {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // drop a byte-order mark
  const endRecord = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      cells.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || cells.length) endRecord();
  const [head, ...rows] = records;
  return { header: (head?.cells ?? []).map((h) => h.trim()), rows };
}
