import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "./button";
import { Spinner } from "./spinner";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./dialog";
import { Label } from "./label";
import { Input } from "./input";
import { Switch } from "./switch";

describe("UI kit", () => {
  it("renders a link with the button look when asChild is set", () => {
    render(
      <Button asChild variant="outline">
        <a href="/login">Sign In</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Sign In" });
    expect(link).toHaveAttribute("href", "/login");
    expect(link.className).toContain("border");
  });

  it("defaults a button to type=button so it never submits a form by accident", () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole("button", { name: "Save" })).toHaveAttribute("type", "button");
  });

  it("announces a spinner as a status with its label", () => {
    render(<Spinner label="Verifying your credentials..." />);
    expect(screen.getByRole("status", { name: "Verifying your credentials..." })).toBeInTheDocument();
  });

  it("ties a label to its input", () => {
    render(
      <>
        <Label htmlFor="email">Email</Label>
        <Input id="email" />
      </>,
    );
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
  });

  it("opens a dialog with its title and closes it with the Close button", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Invite Housemates</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Invite Housemates</DialogTitle>
          <DialogDescription>Share the link.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Invite Housemates" }));
    expect(screen.getByRole("dialog", { name: "Invite Housemates" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("gives focus back to the button that opened a dialog through state, with no Trigger, when it closes", async () => {
    function OpenedByState() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Create Rule</Button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent>
              <DialogTitle>Create Rule</DialogTitle>
              <DialogDescription>A rule for the house.</DialogDescription>
              <Input aria-label="Title" />
            </DialogContent>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<OpenedByState />);
    await user.tab();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Create Rule" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Rule" })).toHaveFocus();
  });

  it("toggles a switch", async () => {
    const user = userEvent.setup();
    render(<Switch aria-label="Email notifications" defaultChecked />);
    const toggle = screen.getByRole("switch", { name: "Email notifications" });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});
