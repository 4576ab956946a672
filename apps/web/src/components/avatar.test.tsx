import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { AVATAR_FALLBACK_COLOR, avatarColor } from "@/lib/avatar";
import { Avatar } from "./avatar";

describe("Avatar", () => {
  it("shows initials on the person's colour without a photo", () => {
    render(<Avatar displayName="Ana Lopez" />);
    const avatar = screen.getByRole("img", { name: "Ana Lopez" });
    expect(avatar).toHaveTextContent("AL");
    expect(avatar.className).toContain(avatarColor("Ana Lopez").split(" ")[0]);
  });

  it("shows '?' on grey without a name", () => {
    render(<Avatar displayName="" />);
    const avatar = screen.getByRole("img", { name: "Unknown user" });
    expect(avatar).toHaveTextContent("?");
    expect(avatar.className).toContain(AVATAR_FALLBACK_COLOR.split(" ")[0]);
  });

  it("shows the photo's thumbnail when there is one, and the initials if it fails to load", () => {
    const { container } = render(<Avatar displayName="Ana Lopez" photoUrl="/files/ana.jpg" />);
    const photo = container.querySelector("img");
    expect(photo).toHaveAttribute("src", "/files/ana.jpg?size=thumbnail");
    expect(screen.getByRole("img", { name: "Ana Lopez" })).not.toHaveTextContent("AL");
    fireEvent.error(photo as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("img", { name: "Ana Lopez" })).toHaveTextContent("AL");
  });

  it("draws the initials instead of writing them inside a control with its own name", () => {
    const { container } = render(<Avatar displayName="Ana Lopez" initialsAsPicture />);
    expect(screen.getByRole("img", { name: "Ana Lopez" })).toHaveTextContent("");
    expect(container.querySelector("[data-initials]")).toHaveAttribute("data-initials", "AL");
  });

  it("shows the whole photo when it is drawn larger than a thumbnail", () => {
    const { container } = render(<Avatar displayName="Ana Lopez" photoUrl="/files/ana.jpg" fullPhoto />);
    expect(container.querySelector("img")).toHaveAttribute("src", "/files/ana.jpg");
  });
});
