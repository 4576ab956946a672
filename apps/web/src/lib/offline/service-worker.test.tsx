import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { followUpdates, offerUpdateToast, registerServiceWorker } from "./service-worker";

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

  it("registers none inside the phone apps, which carry the built app themselves, and does in a browser", async () => {
    // A built page (not Vite's development server) in a browser with service workers.
    vi.stubEnv("DEV", false);
    const container = {
      controller: null,
      addEventListener: vi.fn(),
      // Registration never finishes: this test is about whether it starts.
      register: vi.fn(() => new Promise<never>(() => undefined)),
    };
    Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
    try {
      vi.stubGlobal("Capacitor", { isNativePlatform: () => true });
      registerServiceWorker(vi.fn());
      expect(container.addEventListener).not.toHaveBeenCalled();

      vi.unstubAllGlobals();
      registerServiceWorker(vi.fn());
      expect(container.addEventListener).toHaveBeenCalledWith("controllerchange", expect.any(Function));
      await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" }));
    } finally {
      Reflect.deleteProperty(navigator, "serviceWorker");
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});

/** The browser's service-worker container as the update flow reads it: the page's controller, and its change. */
class Container extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
  takeOver(worker: object) {
    this.controller = worker;
    this.dispatchEvent(new Event("controllerchange"));
  }
}

function flow(controller: object | null) {
  const container = new Container(controller);
  const events = new EventTarget();
  const offers: (() => void)[] = [];
  const reload = vi.fn();
  const updates = followUpdates(container, (apply) => offers.push(apply), reload, events);
  return { container, events, offers, reload, updates };
}

describe("the update across tabs", () => {
  it("reloads the tab that pressed Reload once the new worker controls it, and not before", () => {
    const { container, offers, reload, updates } = flow({ build: 1 });
    const skipWaiting = vi.fn();
    updates.waiting(() => true, skipWaiting);
    offers[0]?.();
    expect(skipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    container.takeOver({ build: 2 });
    expect(reload).toHaveBeenCalledOnce();
  });

  it("in a tab where another tab took the update, offers a plain reload, since this one still runs the old build", () => {
    const { container, offers, reload, updates } = flow({ build: 1 });
    const skipWaiting = vi.fn();
    updates.waiting(() => true, skipWaiting);
    // Tab A pressed Reload: the new worker now controls this tab (B) too, which never pressed anything.
    container.takeOver({ build: 2 });
    expect(reload).not.toHaveBeenCalled();
    expect(offers).toHaveLength(2);
    offers[1]?.();
    expect(reload).toHaveBeenCalledOnce();
    // B's first offer, pressed now, reloads too rather than asking a worker that no longer waits.
    offers[0]?.();
    expect(reload).toHaveBeenCalledTimes(2);
    expect(skipWaiting).not.toHaveBeenCalled();
  });

  it("reloads at once when Reload is pressed and no worker waits any more", () => {
    const { offers, reload, updates } = flow({ build: 1 });
    const skipWaiting = vi.fn();
    updates.waiting(() => false, skipWaiting);
    offers[0]?.();
    expect(reload).toHaveBeenCalledOnce();
    expect(skipWaiting).not.toHaveBeenCalled();
  });

  it("reloads when a screen of the old build fails to load after another tab's update took over, and only then", () => {
    const { container, events, reload } = flow({ build: 1 });
    events.dispatchEvent(new Event("vite:preloadError"));
    expect(reload).not.toHaveBeenCalled();
    container.takeOver({ build: 2 });
    events.dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("takes the first worker taking the page it installed from as no update", () => {
    const { container, offers, reload, events } = flow(null);
    container.takeOver({ build: 1 });
    events.dispatchEvent(new Event("vite:preloadError"));
    expect(offers).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
