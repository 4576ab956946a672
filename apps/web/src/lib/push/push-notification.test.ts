import { describe, expect, it } from "vitest";
import type { PushPayload } from "@housemate/contract";
import {
  appPath,
  openPage,
  PUSH_DEFAULT_PATH,
  shownPush,
  UNREADABLE_PUSH,
  type PushClients,
  type PushWindowClient,
} from "./push-notification";

const ORIGIN = "https://housemate.example";

const payload: PushPayload = {
  notification_id: "n1",
  type_id: "fine_paid",
  title: "Blair paid a fine",
  body: "£5.00 for Dishes left overnight",
  url: "/dashboard/fines?fine=f1",
  tag: "fine:f1",
};

describe("the service worker's notification for a push", () => {
  it("shows the payload's title and body, tagged, opening its page", () => {
    expect(shownPush(payload, ORIGIN)).toEqual({
      title: "Blair paid a fine",
      options: {
        body: "£5.00 for Dishes left overnight",
        tag: "fine:f1",
        icon: "/icon-192.png",
        data: { url: "/dashboard/fines?fine=f1" },
      },
    });
  });

  it("shows a plain notice, opening the dashboard, for a push it cannot read", () => {
    for (const unreadable of [undefined, null, "text", { title: "No body" }, { ...payload, title: 3 }]) {
      expect(shownPush(unreadable, ORIGIN)).toEqual({
        title: UNREADABLE_PUSH.title,
        options: { body: UNREADABLE_PUSH.body, icon: "/icon-192.png", data: { url: PUSH_DEFAULT_PATH } },
      });
    }
  });

  it("opens only this app's own pages", () => {
    expect(appPath("/dashboard/fund", ORIGIN)).toBe("/dashboard/fund");
    expect(appPath("/dashboard/fines?fine=f1#top", ORIGIN)).toBe("/dashboard/fines?fine=f1#top");
    // Our own origin written out is still our page; percent-encoded slashes stay encoded, so stay on this host.
    expect(appPath(`${ORIGIN}/dashboard/rules`, ORIGIN)).toBe("/dashboard/rules");
    expect(appPath("/%2F%2Fevil.example/x", ORIGIN)).toBe("/%2F%2Fevil.example/x");
    expect(appPath("/%5C%5Cevil.example", ORIGIN)).toBe("/%5C%5Cevil.example");
    // The same scheme with no slashes is a path on this origin, as the browser reads it.
    expect(appPath("https:evil.example", ORIGIN)).toBe("/evil.example");
    const away = [
      "https://evil.example/",
      "http://housemate.example/dashboard",
      "https://housemate.example:8443/dashboard",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "/\r\n/evil.example/x",
      "\t//evil.example",
      " //evil.example",
      "/\\\t\\evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,hi",
      `${ORIGIN}//evil.example/x`,
      "",
      7,
      null,
    ];
    for (const url of away) expect(appPath(url, ORIGIN), JSON.stringify(url)).toBe(PUSH_DEFAULT_PATH);
  });

  it("gives a path that, resolved again, is still on this app's origin", () => {
    for (const url of ["/a", "/\t/evil.example", "//evil.example", `${ORIGIN}///evil.example`, "?x=1", "a/b", "../x"]) {
      expect(new URL(appPath(url, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

/** A service worker's `clients` with these windows open, recording what the click did. */
function fakeClients(urls: string[], { navigable = true } = {}) {
  const done = { focused: [] as string[], navigated: [] as string[], opened: [] as string[] };
  const windowAt = (url: string): PushWindowClient => {
    const client: PushWindowClient = {
      url,
      focus: () => {
        done.focused.push(url);
        return Promise.resolve(client);
      },
      navigate: (to) => {
        if (!navigable) return Promise.reject(new TypeError("not controlled"));
        done.navigated.push(to);
        return Promise.resolve(windowAt(to));
      },
    };
    return client;
  };
  const clients: PushClients = {
    matchAll: () => Promise.resolve(urls.map(windowAt)),
    openWindow: (url) => {
      done.opened.push(url);
      return Promise.resolve(windowAt(url));
    },
  };
  return { clients, done };
}

describe("the service worker's notification click", () => {
  it("focuses the app's open window and takes it to the push's page", async () => {
    const { clients, done } = fakeClients(["https://other.example/", `${ORIGIN}/dashboard`]);
    await openPage(clients, ORIGIN, "/dashboard/fines?fine=f1");
    expect(done).toEqual({
      focused: [`${ORIGIN}/dashboard`],
      navigated: [`${ORIGIN}/dashboard/fines?fine=f1`],
      opened: [],
    });
  });

  it("opens a new window when none of the app's is open", async () => {
    const { clients, done } = fakeClients(["https://other.example/"]);
    await openPage(clients, ORIGIN, "/dashboard/rules");
    expect(done).toEqual({ focused: [], navigated: [], opened: [`${ORIGIN}/dashboard/rules`] });
  });

  it("opens a new window when the open one cannot be navigated (not controlled by the worker)", async () => {
    const { clients, done } = fakeClients([`${ORIGIN}/`], { navigable: false });
    await openPage(clients, ORIGIN, "/dashboard/fund");
    expect(done).toEqual({ focused: [`${ORIGIN}/`], navigated: [], opened: [`${ORIGIN}/dashboard/fund`] });
  });

  it("never goes to another origin, whatever the notification's data says", async () => {
    for (const url of ["/\t/evil.example/x", "https://evil.example/", "javascript:alert(1)", undefined]) {
      const none = fakeClients([]);
      await openPage(none.clients, ORIGIN, url);
      expect(none.done.opened).toEqual([`${ORIGIN}${PUSH_DEFAULT_PATH}`]);
      const open = fakeClients([`${ORIGIN}/dashboard/rules`]);
      await openPage(open.clients, ORIGIN, url);
      expect(open.done.navigated).toEqual([`${ORIGIN}${PUSH_DEFAULT_PATH}`]);
    }
  });
});
