import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ANA, BEN, buildFine, dismissToasts, renderFines, viewerAs } from "../testing/fine-fixtures";
import { FineCard } from "./fine-card";
import { FineItem } from "./fine-item";

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

describe("fine card", () => {
  it("shows the rule, who fined whom, the date, the amount in the household's currency and the status", () => {
    renderFines(<FineCard fine={buildFine()} />, viewerAs(BEN));
    const card = screen.getByRole("article", { name: "Dishes left overnight" });
    expect(within(card).getByText("Ana fined you")).toBeInTheDocument();
    expect(within(card).getByText("Mar 4, 2026")).toBeInTheDocument();
    expect(within(card).getByText("£2.50")).toBeInTheDocument();
    expect(within(card).getByText("Pending")).toBeInTheDocument();
    expect(within(card).getByText("Pans left in the sink")).toBeInTheDocument();
  });

  it("uses the household's currency", () => {
    renderFines(<FineCard fine={buildFine({ amount: 1234.5 })} />, viewerAs(ANA, { currency: "USD" }));
    expect(screen.getByText("$1,234.50")).toBeInTheDocument();
    expect(screen.getByText("You fined Ben")).toBeInTheDocument();
  });

  it.each([
    ["paid", "Paid"],
    ["disputed", "Disputed"],
    ["pending", "Pending"],
    // Cancelled with no reason: an accepted dispute (one written off has its reason, below).
    ["cancelled", "Cancelled"],
    ["something-new", "Pending"],
  ])("looks %s as '%s'", (status, label) => {
    // The server may one day send a status this client does not know; it looks like pending.
    const fine = { ...buildFine(), status } as unknown as Parameters<typeof FineCard>[0]["fine"];
    renderFines(<FineCard fine={fine} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("shows a written-off fine as 'Written off' with its reason, its amount struck through, on both card sizes", () => {
    const fine = buildFine({ status: "cancelled", cancel_reason: "Left the household" });
    const { unmount } = renderFines(<FineCard fine={fine} />, viewerAs(ANA));
    const card = screen.getByRole("article", { name: "Dishes left overnight" });
    expect(within(card).getByText("Written off")).toBeInTheDocument();
    expect(within(card).getByText("Written off: Left the household. Nobody owes it now.")).toBeInTheDocument();
    expect(within(card).getByText("£2.50")).toHaveClass("line-through");
    unmount();

    renderFines(<FineCard fine={fine} compact />, viewerAs(ANA));
    const row = screen.getByRole("article", { name: "Dishes left overnight" });
    expect(within(row).getByText("You fined Ben · Mar 4, 2026 · Left the household")).toBeInTheDocument();
    expect(within(row).getByTitle("Left the household")).toHaveTextContent("Written off: Left the household");
  });

  it("offers its offender neither Pay nor Dispute on a written-off fine", () => {
    renderFines(
      <FineItem fine={buildFine({ status: "cancelled", cancel_reason: "Removed from the household" })} />,
      viewerAs(BEN),
    );
    expect(screen.getByText("Written off")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Dispute" })).not.toBeInTheDocument();
  });

  it("shows the paid date of a paid fine", () => {
    renderFines(<FineCard fine={buildFine({ status: "paid", paid_at: "2026-03-06T09:00:00.000Z" })} />);
    expect(screen.getByText("Mar 4, 2026 · paid Mar 6, 2026")).toBeInTheDocument();
  });

  it("shows each appended dispute section as its own highlighted block", () => {
    const description =
      "Pans left in the sink\n\nDispute reason: They were soaking\n\nDispute declined: Three days is not soaking";
    const { container } = renderFines(<FineCard fine={buildFine({ description, dispute_rejected: true })} />);
    expect(screen.getByText("Pans left in the sink")).toBeInTheDocument();
    const reason = container.querySelector('[data-section="dispute-reason"]');
    const declined = container.querySelector('[data-section="dispute-declined"]');
    expect(reason).toHaveTextContent("Dispute reasonThey were soaking");
    expect(declined).toHaveTextContent("Dispute declinedThree days is not soaking");
    // The marker text itself is not repeated in the description paragraph.
    expect(screen.queryByText(/Dispute reason:/)).not.toBeInTheDocument();
  });

  it("falls back to 'Fine' when the rule is unknown and names a deleted member", () => {
    renderFines(<FineCard fine={buildFine({ rule_id: null, created_by: null })} />);
    expect(screen.getByRole("article", { name: "Fine" })).toHaveTextContent("Former member fined you");
  });

  it("compact: one row without the description, and a details button only when asked for", async () => {
    const onViewDetails = vi.fn();
    const fine = buildFine({ description: "Long story\n\nDispute reason: Not me" });
    const { rerender } = renderFines(<FineCard fine={fine} compact />);
    expect(screen.queryByText("Long story")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Details/ })).not.toBeInTheDocument();
    expect(screen.getByText("Ana fined you · Mar 4, 2026")).toBeInTheDocument();

    rerender(<FineCard fine={fine} compact onViewDetails={onViewDetails} />);
    await userEvent.setup().click(screen.getByRole("button", { name: /Details/ }));
    expect(onViewDetails).toHaveBeenCalledOnce();
  });

  it("lets anyone who sees the fine look at its evidence images and note", async () => {
    const fine = buildFine({
      evidence: { note: "Seen at 7am", images: ["http://x.test/files/a.png", "http://x.test/files/b.png"] },
    });
    renderFines(<FineCard fine={fine} />, viewerAs("someone-else"));
    await userEvent.setup().click(screen.getByRole("button", { name: "View evidence (2 photos)" }));
    const dialog = await screen.findByRole("dialog", { name: "Evidence" });
    expect(within(dialog).getByText("Seen at 7am")).toBeInTheDocument();
    expect(within(dialog).getByRole("img", { name: "Evidence photo 1" })).toHaveAttribute(
      "src",
      "http://x.test/files/a.png",
    );
    expect(within(dialog).getByRole("img", { name: "Evidence photo 2" })).toHaveAttribute(
      "src",
      "http://x.test/files/b.png",
    );
  });

  it("shows the evidence photos' thumbnails on the card, sized before they load, and the photos themselves in the viewer", async () => {
    const images = ["a", "b", "c", "d"].map((name) => `http://x.test/files/fine-evidence/${name}.png`);
    const fine = buildFine({ evidence: { note: null, images } });
    renderFines(<FineCard fine={fine} />);
    const open = screen.getByRole("button", { name: "View evidence (4 photos)" });
    const thumbnails = open.querySelectorAll("img");
    expect([...thumbnails].map((img) => img.getAttribute("src"))).toEqual(
      images.slice(0, 3).map((url) => `${url}?size=thumbnail`),
    );
    for (const img of thumbnails) {
      expect(img).toHaveAttribute("width", "40");
      expect(img).toHaveAttribute("height", "40");
    }

    await userEvent.setup().click(open);
    const dialog = await screen.findByRole("dialog", { name: "Evidence" });
    expect(
      within(dialog)
        .getAllByRole("img")
        .map((img) => img.getAttribute("src")),
    ).toEqual(images);
  });

  it("shows the first photo's thumbnail in a tight row, and an icon when the evidence is a note alone", () => {
    const photo = "http://x.test/files/fine-evidence/a.png";
    const { rerender } = renderFines(
      <FineCard fine={buildFine({ evidence: { note: null, images: [photo] } })} compact />,
    );
    const open = screen.getByRole("button", { name: "View evidence" });
    expect(open.querySelector("img")).toHaveAttribute("src", `${photo}?size=thumbnail`);

    rerender(<FineCard fine={buildFine({ evidence: { note: "Seen at 7am", images: [] } })} compact />);
    expect(screen.getByRole("button", { name: "View evidence" }).querySelector("img")).toBeNull();
  });

  it("offers no evidence button when there is none", () => {
    renderFines(<FineCard fine={buildFine({ evidence: { note: null, images: [] } })} />);
    expect(screen.queryByRole("button", { name: /evidence/i })).not.toBeInTheDocument();
  });
});
