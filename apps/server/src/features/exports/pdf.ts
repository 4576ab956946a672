import { readFile } from "node:fs/promises";
import { PassThrough, type Readable, type Writable } from "node:stream";
import PDFDocument from "pdfkit";
import type { ExportFine, MemberTotals } from "./queries.js";
import { dayOf, statusText } from "./fine-row.js";
import { formatAmount } from "../fines/money-text.js";

/** What the statement says before its fines. */
export interface StatementHeading {
  householdName: string;
  currency: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  generatedAt: Date;
  totals: MemberTotals[];
  fundBalanceMinor: number;
}

/**
 * DejaVu Sans, bundled (assets/fonts, with its licence): PDF's built-in Helvetica has no '€', no '₹' and no letters
 * beyond Latin-1, and a household's names and currency need them (docs/decisions/044).
 */
const FONT_FOLDER = new URL("../../../assets/fonts/", import.meta.url);
let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fontFiles ??= Promise.all([
    readFile(new URL("DejaVuSans.ttf", FONT_FOLDER)),
    readFile(new URL("DejaVuSans-Bold.ttf", FONT_FOLDER)),
  ]).then(([regular, bold]) => ({ regular, bold })));

const MARGIN = 50;
const ROW = 16;
/** The fines table: date, rule, offender, amount, status, across A4's width inside the margins (495 pt). */
const COLUMNS = [
  { title: "Date", width: 70, align: "left" },
  { title: "Rule", width: 150, align: "left" },
  { title: "Offender", width: 120, align: "left" },
  { title: "Amount", width: 80, align: "right" },
  { title: "Status", width: 75, align: "left" },
] as const;
const TOTAL_COLUMNS = [
  { title: "Member", width: 195, align: "left" },
  { title: "Fined", width: 100, align: "right" },
  { title: "Paid", width: 100, align: "right" },
  { title: "Owed", width: 100, align: "right" },
] as const;
type Column = { title: string; width: number; align: "left" | "right" };

/**
 * The fine statement as a PDF, written while the fines arrive: each batch is laid out and flushed before the next
 * is read, and the next waits while the reader is behind (the stream's backpressure), so neither the fines nor
 * the document are ever held whole. Every page repeats the heading and the table's titles, and is numbered.
 */
export function fineStatementPdf(heading: StatementHeading, batches: AsyncIterable<ExportFine[]>): Readable {
  const out = new PassThrough();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `Fine statement: ${heading.householdName}`, Creator: "Housemate" },
  });
  doc.on("data", (chunk: Buffer) => out.write(chunk));
  doc.on("end", () => out.end());
  // Japanese formatting writes the yen as the full-width '￥', which the font lacks: the same sign, half width.
  const money = (minor: number) => formatAmount(minor, heading.currency).replace("\uFFE5", "\u00A5");
  const bottom = () => doc.page.height - MARGIN;
  let y = MARGIN;
  let pageNumber = 0;

  function cells(columns: readonly Column[], values: readonly string[], font: "regular" | "bold") {
    let x = MARGIN;
    doc.font(font).fontSize(9);
    columns.forEach((column, index) => {
      const text = fit(doc, values[index] ?? "", column.width - 14);
      doc.text(text, x, y, { width: column.width - 14, align: column.align, lineBreak: false });
      x += column.width;
    });
    y += ROW;
  }

  function newPage(tableTitles: boolean) {
    doc.addPage();
    pageNumber += 1;
    y = MARGIN;
    doc.font("bold").fontSize(16).text(heading.householdName, MARGIN, y, { lineBreak: false });
    y += 24;
    doc.font("regular").fontSize(10);
    doc.text(`Fine statement, ${heading.from} to ${heading.to}`, MARGIN, y, { lineBreak: false });
    y += 14;
    doc.text(`Generated ${heading.generatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, MARGIN, y, {
      lineBreak: false,
    });
    y += 24;
    // The page number sits in the bottom margin, where pdfkit would otherwise start a new page for it.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.fontSize(8).text(`Page ${pageNumber}`, MARGIN, bottom() + 20, {
      width: doc.page.width - 2 * MARGIN,
      align: "center",
      lineBreak: false,
    });
    doc.page.margins = margins;
    if (tableTitles)
      cells(
        COLUMNS,
        COLUMNS.map((column) => column.title),
        "bold",
      );
  }

  function roomFor(rows: number, tableTitles: boolean) {
    if (y + rows * ROW > bottom()) newPage(tableTitles);
  }

  function section(title: string) {
    roomFor(3, false);
    doc.font("bold").fontSize(12).text(title, MARGIN, y, { lineBreak: false });
    y += 20;
  }

  async function write() {
    const fonts = await loadFonts();
    doc.registerFont("regular", fonts.regular);
    doc.registerFont("bold", fonts.bold);
    newPage(false);

    section("Totals per member");
    cells(
      TOTAL_COLUMNS,
      TOTAL_COLUMNS.map((column) => column.title),
      "bold",
    );
    for (const member of heading.totals) {
      roomFor(1, false);
      cells(
        TOTAL_COLUMNS,
        [member.name, money(member.issuedMinor), money(member.paidMinor), money(member.owedMinor)],
        "regular",
      );
    }
    y += 8;
    roomFor(2, false);
    doc
      .font("bold")
      .fontSize(10)
      .text(`Fund balance: ${money(heading.fundBalanceMinor)}`, MARGIN, y, { lineBreak: false });
    y += 30;

    section("Fines");
    cells(
      COLUMNS,
      COLUMNS.map((column) => column.title),
      "bold",
    );
    let count = 0;
    for await (const batch of batches) {
      for (const fine of batch) {
        roomFor(1, true);
        cells(
          COLUMNS,
          [dayOf(fine.createdAt), fine.rule ?? "", fine.offender, money(fine.amountMinor), statusText(fine)],
          "regular",
        );
        count += 1;
      }
      if (out.destroyed) return; // the reader went away: stop reading fines
      await drained(out);
    }
    if (count === 0) doc.font("regular").fontSize(9).text("No fines in this period.", MARGIN, y, { lineBreak: false });
    doc.end();
  }

  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Resolves once `stream` has room again (at once when it has), or is gone. */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/** The text on one line of `width`, cut with an ellipsis when it is longer; line breaks become spaces. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const line = text.replace(/\s+/g, " ");
  if (doc.widthOfString(line) <= width) return line;
  // The longest start that fits with its ellipsis, found by halving: a long title costs a few measurements.
  let fits = 0;
  let tooLong = line.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (doc.widthOfString(`${line.slice(0, middle)}…`) <= width) fits = middle;
    else tooLong = middle;
  }
  return `${line.slice(0, fits)}…`;
}
