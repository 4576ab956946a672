import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogTitle } from "./alert-dialog";
import { Button } from "./button";
import { Switch } from "./switch";

const setOffline = (offline: boolean) =>
  act(() => void window.dispatchEvent(new Event(offline ? "offline" : "online")));

afterEach(() => setOffline(false));

describe("controls that are not plain buttons, offline (decision 053)", () => {
  it("a Button asChild (a link) is off with its reason, and not followed", () => {
    const follow = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Button asChild needsServer>
        <a href="/checkout" onClick={follow}>
          Upgrade
        </a>
      </Button>,
    );
    setOffline(true);
    const link = screen.getByRole("link", { name: "Upgrade" });
    expect(link).toHaveAttribute("aria-disabled", "true");
    expect(link).toHaveAccessibleDescription("You are offline");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it("a dialog's confirming action is off with its reason: pressed, it neither runs nor closes the dialog", () => {
    const pay = vi.fn();
    render(
      <AlertDialog open>
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogTitle>Pay fine?</AlertDialogTitle>
          <AlertDialogAction onClick={pay}>Pay</AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>,
    );
    setOffline(true);
    const action = screen.getByRole("button", { name: "Pay" });
    expect(action).toHaveAttribute("aria-disabled", "true");
    expect(action).toHaveAccessibleDescription("You are offline");
    fireEvent.click(action);
    expect(pay).not.toHaveBeenCalled();
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();

    setOffline(false);
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(pay).toHaveBeenCalledOnce();
  });

  it("a switch is off with its reason and does not flip", () => {
    const flip = vi.fn();
    render(<Switch aria-label="Email" checked={false} onCheckedChange={flip} />);
    setOffline(true);
    const toggle = screen.getByRole("switch", { name: "Email" });
    expect(toggle).toHaveAttribute("aria-disabled", "true");
    expect(toggle).toHaveAccessibleDescription("You are offline");
    fireEvent.click(toggle);
    expect(flip).not.toHaveBeenCalled();
    setOffline(false);
    fireEvent.click(toggle);
    expect(flip).toHaveBeenCalledWith(true);
  });
});
