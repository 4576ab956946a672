import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { LandingPage } from "./landing-page";

function renderLanding() {
  const router = createMemoryRouter([{ path: "/", Component: LandingPage }]);
  render(<RouterProvider router={router} />);
}

function signIn() {
  localStorage.setItem("authToken", "session-token");
  localStorage.setItem(
    "auth-storage",
    JSON.stringify({ state: { currentUser: { id: "u1" }, isAuthenticated: true }, version: 0 }),
  );
}

const header = () => screen.getByRole("banner");

describe("landing page header", () => {
  it("offers a signed-out visitor 'Sign In' and 'Sign Up Free', both to /register", () => {
    renderLanding();
    expect(within(header()).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/register");
    expect(within(header()).getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/register");
    expect(within(header()).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("offers a signed-in visitor 'Go to Dashboard' and 'Dashboard', both to /dashboard", () => {
    signIn();
    renderLanding();
    expect(within(header()).getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(header()).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(header()).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
  });

  it("links Features, How it Works and Pricing to their sections on the page", () => {
    renderLanding();
    for (const [label, id] of [
      ["Features", "features"],
      ["How it Works", "how-it-works"],
      ["Pricing", "pricing"],
    ] as const) {
      for (const link of within(header()).getAllByRole("link", { name: label }))
        expect(link).toHaveAttribute("href", `#${id}`);
      expect(document.getElementById(id)?.tagName).toBe("SECTION");
    }
  });
});

describe("landing page hero", () => {
  it("has the one h1 'House Rules Made Fun & Fair'", () => {
    renderLanding();
    const headings = screen.getAllByRole("heading", { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent("House Rules Made Fun & Fair");
  });

  it("sends both hero buttons to /login", () => {
    renderLanding();
    expect(screen.getByRole("link", { name: "Start Managing Rules" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "See How It Works" })).toHaveAttribute("href", "/login");
  });

  it("shows 'Loading preview...' until the dashboard preview has loaded", () => {
    renderLanding();
    const preview = screen.getByRole("img", { name: /Housemate dashboard/ });
    expect(preview).toHaveAttribute("width", "1200");
    expect(preview).toHaveAttribute("height", "780");
    expect(preview).toHaveAttribute("decoding", "async");
    expect(screen.getByText("Loading preview...")).toBeInTheDocument();
    fireEvent.load(preview);
    expect(screen.queryByText("Loading preview...")).not.toBeInTheDocument();
  });
});

describe("landing page sections", () => {
  it("lists the four benefits", () => {
    renderLanding();
    const features = within(document.getElementById("features") as HTMLElement);
    const titles = features.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      "Playful Accountability",
      "Fair and Friendly",
      "Flatmate Management",
      "Instant Notifications",
    ]);
  });

  it("walks through the four steps in order", () => {
    renderLanding();
    const steps = within(document.getElementById("how-it-works") as HTMLElement);
    const titles = steps.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(["Create Rules", "Add Flatmates", "Issue Fines", "Use the Fine Fund"]);
  });

  it("shows Housemate Basic at £0 forever with its five inclusions", () => {
    renderLanding();
    const basic = within(screen.getByRole("article", { name: "Housemate Basic" }));
    expect(basic.getByText("£0")).toBeInTheDocument();
    expect(basic.getByText("forever")).toBeInTheDocument();
    expect(basic.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Up to 5 flatmates",
      "Essential house rules",
      "Simple fine tracking",
      "Basic dispute resolution",
      "Mobile-friendly interface",
    ]);
    expect(basic.queryByText("Most Popular")).not.toBeInTheDocument();
    expect(basic.getByRole("link")).toHaveAttribute("href", "/login");
  });

  it("shows Housemate Pro at £5 per month, marked Most Popular, with its seven inclusions", () => {
    renderLanding();
    const pro = within(screen.getByRole("article", { name: "Housemate Pro" }));
    expect(pro.getByText("£5")).toBeInTheDocument();
    expect(pro.getByText("per month")).toBeInTheDocument();
    expect(pro.getByText("Most Popular")).toBeInTheDocument();
    expect(pro.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Up to 10 flatmates",
      "Unlimited custom house rules",
      "Advanced fine analytics",
      "Granular activity logging",
      "Export of fine history as CSV or PDF",
      "Enhanced dispute system",
      "Priority support",
    ]);
    expect(pro.getByRole("link")).toHaveAttribute("href", "/login");
  });

  it("shows three testimonial cards", () => {
    renderLanding();
    const testimonials = within(screen.getByRole("region", { name: "Flatmates love living by the rules" }));
    expect(testimonials.getAllByRole("figure")).toHaveLength(3);
    expect(testimonials.getAllByRole("img", { name: "Rated 5 out of 5" })).toHaveLength(3);
  });

  it("ends with a footer of placeholder links", () => {
    renderLanding();
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "#");
    expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "#");
  });

  it("puts the sections in a main landmark between the header and the footer", () => {
    renderLanding();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole("region", { name: "Simple pricing for every household" })).toHaveAttribute(
      "id",
      "pricing",
    );
  });
});
