import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { Root } from "react-dom/client";
import { mountApp } from "./mount";
import { withLandingPage } from "./prerender-landing";

/** The page every route but / starts as (the build keeps its body as written). */
const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8");

let markup = "";
/** Roots still mounted: unmounted after each test, even one that failed before its own close. */
const mounted: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of mounted.splice(0)) await close();
  vi.restoreAllMocks();
});

beforeAll(async () => {
  // Rendered in a process of its own, as the build does: React's server renderer leaves its last context
  // values set when it finishes, and a client render in the same process would read them (the router's:
  // 'a <Router> inside another <Router>').
  const script =
    'import { prerenderLandingPage } from "./src/app/prerender-landing.tsx"; process.stdout.write(await prerenderLandingPage());';
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
    },
  );
  markup = stdout;
}, 60_000);

/** The prerendered page in #root, as the server answers / with it (nothing hydrated yet). */
function servedPage() {
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

/** The served page taken over as main.tsx does; `mismatches()` are what hydration logged having recovered from. */
async function hydratedPage() {
  const container = servedPage();
  const preview = within(container).getByRole("img", { name: /Housemate dashboard/ });
  const warn = vi.spyOn(console, "warn");
  let root: Root | undefined;
  // Unmounted before jsdom is torn down: a root left mounted renders on into a window that is gone. Registered
  // before mounting, so a mount that fails half-way is unmounted too.
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await act(async () => root?.unmount());
    container.remove();
  };
  mounted.push(close);
  await act(async () => {
    root = await mountApp(container, { prerendered: true });
  });
  const mismatches = () => warn.mock.calls.filter(([message]) => message === "The prerendered page was rendered again");
  return { container, preview, mismatches, close };
}

describe("the prerendered landing page", () => {
  it("holds the hero in its HTML before any script runs, as a signed-out visitor sees it", () => {
    const container = servedPage();
    const page = within(container);
    expect(page.getByRole("heading", { level: 1 })).toHaveTextContent("House Rules Made Fun & Fair");
    expect(page.getByRole("link", { name: "Start Managing Rules" })).toHaveAttribute("href", "/login");
    expect(page.getByRole("link", { name: "See How It Works" })).toHaveAttribute("href", "/login");
    expect(within(page.getByRole("banner")).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(page.getByRole("img", { name: /Housemate dashboard/ })).toHaveAttribute("src", "/dashboard-preview.svg");
    expect(page.getByText("Loading preview...")).toBeInTheDocument();
    container.remove();
  });

  it("goes inside index.html's empty #root and nowhere else", () => {
    const shell = '<!doctype html><html><head><title>Housemate</title></head><body><div id="root"></div></body></html>';
    // "$&" and "$1" are replacement patterns to String.replace: the markup must go in as it is.
    expect(withLandingPage(shell, "<main>$& £5 $1</main>")).toBe(
      '<!doctype html><html><head><title>Housemate</title></head><body><div id="root"><main>$& £5 $1</main></div></body></html>',
    );
    expect(() => withLandingPage("<body></body>", "<main></main>")).toThrow('id="root"');
  });

  it("leaves out index.html's spinner: the landing page is there at once", () => {
    const page = withLandingPage(INDEX_HTML, "<main>Welcome</main>");
    expect(page).toContain('<div id="root"><main>Welcome</main></div>');
    expect(page).not.toContain('id="boot"');
  });

  it("leaves out index.html's preloads of the app, which waits there for the first paint", () => {
    const shell = [
      '<head><script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-b2.css">',
      '<link rel="modulepreload" crossorigin href="/assets/mount-c3.js" data-app-preload>',
      '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-d4.js" data-app-preload></head>',
      '<body><div id="root"></div></body>',
    ].join("\n");
    const page = withLandingPage(shell, "<main></main>");
    expect(page).not.toContain("modulepreload");
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css"></head>');
  });

  it("is taken over by the app without a mismatch, keeping the painted preview image", async () => {
    const { container, preview, mismatches, close } = await hydratedPage();
    expect(mismatches()).toEqual([]);
    expect(within(container).getByRole("img", { name: /Housemate dashboard/ })).toBe(preview);
    await close();
  });

  it("drops 'Loading preview...' once the app has taken over and the image has arrived", async () => {
    const { container, preview, close } = await hydratedPage();
    expect(within(container).getByText("Loading preview...")).toBeInTheDocument();
    act(() => {
      preview.dispatchEvent(new Event("load"));
    });
    expect(within(container).queryByText("Loading preview...")).not.toBeInTheDocument();
    await close();
  });

  it("shows a signed-in visitor 'Go to Dashboard' and 'Dashboard' once the app has taken over", async () => {
    localStorage.setItem("authToken", "session-token");
    localStorage.setItem(
      "auth-storage",
      JSON.stringify({ state: { currentUser: { id: "u1" }, isAuthenticated: true }, version: 0 }),
    );
    const { mismatches, close } = await hydratedPage();
    const header = within(screen.getByRole("banner"));
    await waitFor(() =>
      expect(header.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard"),
    );
    expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(header.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(mismatches()).toEqual([]);
    await close();
  });
});

describe("index.html before the app has run", () => {
  it("starts its body with the spinner, the body having no start tag of its own, so its first paint has the spinner", () => {
    // Chromium may paint the moment the body exists, the parser yielding to a frame that is due: a busy machine
    // painted `<body>` with nothing in it yet. Without the tag, the spinner's own start tag makes the body.
    expect(INDEX_HTML).not.toContain("<body");
    const page = new DOMParser().parseFromString(INDEX_HTML, "text/html");
    expect(page.body.firstElementChild?.id).toBe("boot");
    expect(page.body.firstElementChild?.getAttribute("role")).toBe("status");
    expect(page.body.firstElementChild?.getAttribute("aria-label")).toBe("Loading");
    // Whole as soon as it is parsed: the ring is the element's own pseudo-element, not a child still to come.
    expect(page.body.firstElementChild?.childNodes).toHaveLength(0);
    expect(page.getElementById("root")?.childNodes).toHaveLength(0);
  });
});
