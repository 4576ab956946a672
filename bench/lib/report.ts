import { BUDGETS, type Checked, type Figure } from "./budgets.js";

const SECTIONS: [string, string][] = [
  ["postgres.", "PostgreSQL"],
  ["pglite.", "PGlite (embedded)"],
  ["frontend.", "Front end"],
  ["signedIn.", "Signed-in app on a phone (issue 14; PostgreSQL)"],
];

const digitsFor = (value: number, unit: string) =>
  unit === "score" || unit === "" || unit === "×" || value < 10 ? 2 : value >= 100 ? 0 : 1;

function number(value: number, unit: string): string {
  return Number.isFinite(value) ? value.toFixed(digitsFor(value, unit)) : "—";
}

function format(value: number, unit: string): string {
  return `${number(value, unit)}${Number.isFinite(value) && unit && unit !== "score" ? ` ${unit}` : ""}`;
}

const budgetText = (key: string, unit: string) => {
  const budget = BUDGETS.find((b) => b.key === key);
  return budget ? `${budget.op === ">=" ? "≥" : "≤"} ${format(budget.limit, unit)}` : "";
};

/** The terminal table: one line per figure, grouped by engine, with its budget and verdict. */
export function printTable(figures: Figure[], checked: Checked[], runs: number): void {
  const rows: string[][] = [["measure", `median of ${runs}`, "runs", "budget", ""]];
  const sectionRows: number[] = [];
  for (const [prefix, title] of SECTIONS) {
    const inSection = figures.filter((f) => f.key.startsWith(prefix));
    if (inSection.length === 0) continue;
    sectionRows.push(rows.length);
    rows.push([title, "", "", "", ""]);
    for (const f of inSection) {
      const verdict = checked.find((c) => c.budget.key === f.key)?.verdict ?? "";
      const runsText = f.runs.length > 1 ? f.runs.map((v) => number(v, f.unit)).join(" / ") : "";
      rows.push([
        `  ${f.label}`,
        format(f.value, f.unit),
        runsText,
        budgetText(f.key, f.unit),
        verdict === "pass" ? "ok" : verdict,
      ]);
      if (f.note) rows.push([`    ! ${f.note}`, "", "", "", ""]);
    }
  }
  const widths =
    rows[0]?.map((_, col) =>
      Math.max(
        ...rows
          .filter((row, i) => !sectionRows.includes(i) && !row[0]?.startsWith("    !"))
          .map((row) => row[col]?.length ?? 0),
      ),
    ) ?? [];
  for (const [i, row] of rows.entries()) {
    if (sectionRows.includes(i) || row[0]?.startsWith("    !")) {
      console.log(row[0]);
      continue;
    }
    console.log(
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join("  "),
    );
  }
}
