import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Button } from "./button";

const setOffline = (offline: boolean) =>
  act(() => void window.dispatchEvent(new Event(offline ? "offline" : "online")));

afterEach(() => setOffline(false));

describe("a button whose action needs the server", () => {
  it("is off while offline, saying why to the pointer and to a screen reader, and does nothing when pressed", () => {
    const pay = vi.fn();
    render(
      <Button needsServer onClick={pay}>
        Pay
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Pay" });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-disabled");

    setOffline(true);
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("You are offline");
    expect(button).toHaveAttribute("title", "You are offline");
    fireEvent.click(button);
    expect(pay).not.toHaveBeenCalled();

    setOffline(false);
    expect(button).not.toHaveAttribute("aria-disabled");
    fireEvent.click(button);
    expect(pay).toHaveBeenCalledOnce();
  });

  it("includes every form's submit button: a form offline is not sent", () => {
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button type="submit">Issue Fine</Button>
      </form>,
    );
    setOffline(true);
    const button = screen.getByRole("button", { name: "Issue Fine" });
    expect(button).toHaveAccessibleDescription("You are offline");
    fireEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });

  it("leaves a button that needs no server alone offline", () => {
    render(<Button>Cancel</Button>);
    setOffline(true);
    const button = screen.getByRole("button", { name: "Cancel" });
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).not.toHaveAttribute("title");
  });
});
