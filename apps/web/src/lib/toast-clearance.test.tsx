import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import { BOTTOM_BAR_HEIGHT_VAR, publishBottomBar, publishRightSheet, SHEET_CLEARANCE_VAR } from "./toast-clearance";

const published = (name: string) => document.documentElement.style.getPropertyValue(name);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("what toasts keep clear of", () => {
  it("publishes the bottom bar's height on the root while it is there", () => {
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(121.5);
    const { unmount } = render(<div ref={publishBottomBar} />);
    expect(published(BOTTOM_BAR_HEIGHT_VAR)).toBe("122px");
    unmount();
    expect(published(BOTTOM_BAR_HEIGHT_VAR)).toBe("");
  });

  it("publishes an open sheet's width where a toast fits beside it, and 0 where it does not", () => {
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(384);
    vi.stubGlobal("innerWidth", 1280);
    const { unmount } = render(<div ref={publishRightSheet} />);
    expect(published(SHEET_CLEARANCE_VAR)).toBe("384px");
    // Turned to a phone's width: the toast goes over the sheet's foot instead.
    vi.stubGlobal("innerWidth", 390);
    window.dispatchEvent(new Event("resize"));
    expect(published(SHEET_CLEARANCE_VAR)).toBe("0px");
    unmount();
    expect(published(SHEET_CLEARANCE_VAR)).toBe("");
  });
});
