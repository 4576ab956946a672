import { useEffect, useRef } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import type { FundMonth } from "@housemate/contract";
import { formatCurrency } from "@/lib/format";
import { monthLabel } from "@/lib/month-label";

// Only what a bar chart draws: chart.js leaves the rest out of this chunk (decision 035).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const DARK = "(prefers-color-scheme: dark)";

/** The theme's colours as the canvas needs them: the CSS variables, read when the chart is drawn. */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    income: read("--color-success"),
    spending: read("--color-destructive"),
    text: read("--color-muted-foreground"),
    grid: read("--color-border"),
  };
}

/**
 * The Fund page's chart of the last 12 months' income and spending, one pair of bars a month. Loaded on its own when
 * the page shows it (chart.js stays off every other page); the table beside it says the same in words.
 */
export function FundChart({ months, currency }: { months: readonly FundMonth[]; currency: string | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    const draw = () => {
      const colours = themeColours();
      return new Chart(context, {
        type: "bar",
        data: {
          labels: months.map((month) => monthLabel(month.month)),
          datasets: [
            { label: "Income", data: months.map((month) => month.income), backgroundColor: colours.income },
            { label: "Spending", data: months.map((month) => month.spending), backgroundColor: colours.spending },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { ticks: { color: colours.text }, grid: { display: false } },
            y: {
              beginAtZero: true,
              ticks: { color: colours.text, callback: (value) => formatCurrency(Number(value), currency) },
              grid: { color: colours.grid },
            },
          },
          plugins: {
            legend: { labels: { color: colours.text } },
            tooltip: {
              callbacks: {
                label: (item) => `${item.dataset.label ?? ""}: ${formatCurrency(item.parsed.y ?? 0, currency)}`,
              },
            },
          },
        },
      });
    };
    let chart = draw();
    // The theme follows the system's (index.css): the chart is drawn again in the other one's colours.
    const theme = window.matchMedia(DARK);
    const redraw = () => {
      chart.destroy();
      chart = draw();
    };
    theme.addEventListener("change", redraw);
    return () => {
      theme.removeEventListener("change", redraw);
      chart.destroy();
    };
  }, [months, currency]);

  return (
    <div className="relative h-64 w-full">
      {/* The table beside it is what a screen reader reads; the picture is one image to it. */}
      <canvas ref={canvas} role="img" aria-label="Income and spending in the last 12 months, as the table says" />
    </div>
  );
}
