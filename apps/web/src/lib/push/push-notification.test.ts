import { describe, expect, it } from "vitest";
import type { PushPayload } from "@housemate/contract";
import { appPath, PUSH_DEFAULT_PATH, shownPush, UNREADABLE_PUSH } from "./push-notification";

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
    expect(shownPush(payload)).toEqual({
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
      expect(shownPush(unreadable)).toEqual({
        title: UNREADABLE_PUSH.title,
        options: { body: UNREADABLE_PUSH.body, icon: "/icon-192.png", data: { url: PUSH_DEFAULT_PATH } },
      });
    }
  });

  it("opens only this app's own pages", () => {
    expect(appPath("/dashboard/fund")).toBe("/dashboard/fund");
    for (const away of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "", 7]) {
      expect(appPath(away)).toBe(PUSH_DEFAULT_PATH);
    }
  });
});
