import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { offerUpdateToast, registerServiceWorker } from "./service-worker";

describe("a new deploy", () => {
  it("is offered with 'Update available — reload', and swapped only when Reload is pressed", async () => {
    render(<Toaster />);
    const apply = vi.fn();
    offerUpdateToast(apply);
    const offer = await screen.findByText("Update available — reload");
    expect(offer).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it("registers no service worker where there is none to register (tests, old browsers)", () => {
    const offer = vi.fn();
    expect(() => registerServiceWorker(offer)).not.toThrow();
    expect(offer).not.toHaveBeenCalled();
  });
});
