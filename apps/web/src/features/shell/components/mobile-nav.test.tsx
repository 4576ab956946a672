import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { MobileNav } from "./mobile-nav";

function renderNav(path = "/dashboard") {
  const onInvite = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <MobileNav onInvite={onInvite} compactHouseBalance={<a href="/dashboard/fund">House Balance £6.00</a>} />
    </MemoryRouter>,
  );
  return { onInvite, bar: screen.getByRole("navigation", { name: "Mobile" }) };
}

describe("the phone's bottom bar", () => {
  it("holds SPEC's five items in SPEC's order, New Fine the raised one, each a thumb's target", () => {
    const { bar } = renderNav();
    // SPEC §2's order word for word, left to right.
    const items = Array.from(bar.children);
    expect(items.map((item) => item.textContent)).toEqual(["Dashboard", "Rules", "Fines", "New Fine", "Invite"]);
    expect(within(bar).getByRole("link", { name: "New Fine" })).toHaveAttribute("href", "/dashboard/fines/new");
    // jsdom lays nothing out: the browser journey measures them (e2e/dashboard-layout.test.ts); here, the class that
    // makes each at least 56 px tall, over the 44 px a thumb needs.
    for (const item of items) expect(item.className).toContain("min-h-14");
  });

  it("marks where the person is", () => {
    const { bar } = renderNav("/dashboard/rules");
    expect(within(bar).getByRole("link", { name: "Rules" })).toHaveAttribute("aria-current", "page");
    expect(within(bar).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("copies the household ID from Invite, and leads to the Fund from the House Balance above it", async () => {
    const { onInvite, bar } = renderNav();
    await userEvent.setup().click(within(bar).getByRole("button", { name: "Invite" }));
    expect(onInvite).toHaveBeenCalledOnce();
    const balance = screen.getByRole("region", { name: "House balance" });
    expect(within(balance).getByRole("link", { name: /House Balance/ })).toHaveAttribute("href", "/dashboard/fund");
  });
});
