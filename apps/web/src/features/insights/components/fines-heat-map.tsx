import { INSIGHTS_WEEKDAYS } from "@housemate/contract";
import { hourLabel } from "../utils/format";
import { ChartTable } from "./insight-card";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * When fines happen: a weekday × hour grid, each cell's shade the theme's primary colour at its share of the busiest
 * cell, so it reads in light and dark. On a phone the grid keeps its cells legible and scrolls sideways.
 */
export function FinesHeatMap({ grid }: { grid: readonly (readonly number[])[] }) {
  const busiest = Math.max(1, ...grid.flat());
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto" role="group" tabIndex={0} aria-label="Weekday and hour grid">
        <div
          aria-hidden="true"
          className="grid min-w-[22rem] gap-0.5 text-[0.65rem] text-muted-foreground"
          style={{ gridTemplateColumns: "2.25rem repeat(24, minmax(0, 1fr))" }}
        >
          {INSIGHTS_WEEKDAYS.map((weekday, day) => (
            <div key={weekday} className="contents">
              <span className="self-center">{weekday.slice(0, 3)}</span>
              {HOURS.map((hour) => {
                const count = grid[day]?.[hour] ?? 0;
                return (
                  <div
                    key={hour}
                    title={`${weekday} ${hourLabel(hour)}: ${count}`}
                    className="aspect-square rounded-[2px] bg-muted"
                  >
                    {count > 0 && (
                      <div
                        className="size-full rounded-[2px] bg-primary"
                        style={{ opacity: 0.2 + 0.8 * (count / busiest) }}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          ))}
          <span />
          {HOURS.map((hour) => (
            <span key={hour} className="text-center">
              {hour % 6 === 0 ? hour : ""}
            </span>
          ))}
        </div>
      </div>
      {/* The scale, in shade and in numbers: a darker cell is more fines, up to the busiest hour's count. */}
      <div aria-hidden="true" className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span>0</span>
        <span className="size-3 rounded-[2px] bg-muted" />
        {[0.2, 0.6, 1].map((opacity) => (
          <span key={opacity} className="size-3 rounded-[2px] bg-primary" style={{ opacity }} />
        ))}
        <span className="tabular-nums">{busiest}</span>
        <span>{busiest === 1 ? "fine" : "fines"} an hour (darker is more)</span>
      </div>
      <ChartTable caption="Fines by weekday and hour">
        <thead>
          <tr>
            <th scope="col">Weekday</th>
            {HOURS.map((hour) => (
              <th key={hour} scope="col">
                {hourLabel(hour)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {INSIGHTS_WEEKDAYS.map((weekday, day) => (
            <tr key={weekday}>
              <th scope="row">{weekday}</th>
              {HOURS.map((hour) => (
                <td key={hour}>{grid[day]?.[hour] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </div>
  );
}
