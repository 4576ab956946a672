import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { formatTimeOfDay, offlineMessage, shownDataTime } from "./shown-data-time";

const at = new Date(2026, 10, 26, 14, 2).getTime();

describe("the offline banner's time", () => {
  it("is written as the person's locale writes a time: 24-hour in Britain, 12-hour in the US", () => {
    expect(offlineMessage(at, "en-GB")).toBe("Offline — showing what you saw at 14:02");
    expect(offlineMessage(at, "en-US")).toBe("Offline — showing what you saw at 2:02 PM");
    expect(formatTimeOfDay(new Date(2026, 0, 1, 9, 5), "en-GB")).toBe("9:05");
  });

  it("says only 'Offline' while the page shows no data", () => {
    expect(offlineMessage(null, "en-GB")).toBe("Offline");
  });

  it("says 'Can't reach Housemate' instead while the device is online but the server is not", () => {
    expect(offlineMessage(at, "en-GB", true)).toBe("Can't reach Housemate — showing what you saw at 14:02");
    expect(offlineMessage(null, "en-GB", true)).toBe("Can't reach Housemate");
  });

  it("is that of the oldest answer a mounted page shows, not of answers no screen reads nor of the shell's", () => {
    const client = new QueryClient();
    client.setQueryData(["rules", "h1"], [], { updatedAt: at });
    client.setQueryData(["notes", "h1"], [], { updatedAt: at + 60_000 });
    client.setQueryData(["fines", "h1"], [], { updatedAt: at - 120_000 });
    // The shell's plan, fetched again on this visit, far newer, and far older: neither is the page's time.
    client.setQueryData(["plan", "h1"], {}, { updatedAt: at + 90 * 60_000 });
    client.setQueryData(["app-config"], {}, { updatedAt: at - 90 * 60_000 });
    expect(shownDataTime(client)).toBeNull();
    const observe = (queryKey: string[]) =>
      new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined);
    const stopShell = [observe(["plan", "h1"]), observe(["app-config"])];
    expect(shownDataTime(client)).toBeNull();
    const stopRules = observe(["rules", "h1"]);
    const stopNotes = observe(["notes", "h1"]);
    expect(shownDataTime(client)).toBe(at);
    expect(offlineMessage(shownDataTime(client), "en-GB")).toBe("Offline — showing what you saw at 14:02");
    stopRules();
    expect(shownDataTime(client)).toBe(at + 60_000);
    stopNotes();
    stopShell.forEach((stop) => stop());
  });
});
