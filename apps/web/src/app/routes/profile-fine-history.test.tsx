import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { CANCELLED_ON_APPEAL_REASON } from "@housemate/contract";
import { buildFine } from "@/features/fines/testing/fine-fixtures";
import { FineHistory } from "@/features/profile/components/fine-history";

describe("Fine History's badges (fineStatusLook)", () => {
  it("tell the house's cancellation, a write-off and a dispute's cancellation apart", () => {
    const fines = [
      buildFine({ id: "f1", status: "cancelled", cancel_reason: CANCELLED_ON_APPEAL_REASON }),
      buildFine({ id: "f2", status: "cancelled", cancel_reason: "Left the household" }),
      buildFine({ id: "f3", status: "cancelled", cancel_reason: null }),
      buildFine({ id: "f4" }),
    ];
    render(
      <FineHistory
        fines={fines}
        isLoading={false}
        isError={false}
        onRetry={() => undefined}
        currency="GBP"
        ruleTitle={() => "Dishes"}
        issuerName={() => "Ana"}
      />,
    );
    const rows = within(screen.getByRole("list", { name: "Fine History" })).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("span")?.textContent)).toEqual([
      "Cancelled on appeal",
      "Written off: Left the household",
      "Cancelled",
      "Pending",
    ]);
  });
});
