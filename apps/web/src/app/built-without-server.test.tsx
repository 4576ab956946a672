import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import type { Root } from "react-dom/client";
import { builtWithoutServer } from "@/lib/native";
import { SERVER_ORIGIN } from "@/lib/server-origin";
import { mountApp } from "./mount";

/** What Capacitor's native runtime puts on the window before the page runs. */
const runInsideCapacitor = () => vi.stubGlobal("Capacitor", { isNativePlatform: () => true });

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("a phone app built without HOUSEMATE_URL", () => {
  it("says so in place of the app, rather than calling its own page as the server", async () => {
    // Tests build the web's app, as `npm run build` does: no server origin.
    expect(SERVER_ORIGIN).toBe("");
    runInsideCapacitor();
    const boot = document.body.appendChild(document.createElement("div"));
    boot.id = "boot";
    const container = document.body.appendChild(document.createElement("div"));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await act(async () => {
      root = await mountApp(container, { prerendered: false });
    });
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading", { level: 1 })).toHaveTextContent("This app has no server");
    expect(alert).toHaveTextContent("This app was built without HOUSEMATE_URL, so it cannot reach Housemate.");
    expect(document.getElementById("boot")).toBeNull();
    // Nothing started: no request, no move to the sign-in screen.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe("/");
  });

  it("is only the phone apps' concern: a browser, or a shell built for a server, starts the app", () => {
    expect(builtWithoutServer("")).toBe(false);
    runInsideCapacitor();
    expect(builtWithoutServer("")).toBe(true);
    expect(builtWithoutServer("https://housemate.example")).toBe(false);
  });
});
