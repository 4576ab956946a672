import { describe, expect, it } from "vitest";
import { API_BASE } from "./api-client";
import { probeUrl } from "./network";
import { SERVER_ORIGIN, serverSocketUrl, serverUrl } from "./server-origin";
import { socketUrl } from "./socket";

describe("the server's addresses", () => {
  it("stay on this origin on the web: nothing is configured and nothing changes", () => {
    expect(SERVER_ORIGIN).toBe("");
    expect(API_BASE).toBe("/api");
    expect(serverUrl("/files/avatars/a.jpg")).toBe("/files/avatars/a.jpg");
    expect(socketUrl("t")).toBe(`${window.location.origin.replace(/^http/, "ws")}/ws?token=t`);
    expect(probeUrl()).toBe("/api/health");
  });

  it("go to the configured server inside the phone apps", () => {
    const origin = "https://housemate.example";
    expect(serverUrl("/api", origin)).toBe("https://housemate.example/api");
    expect(serverUrl("/files/evidence/a.jpg?size=thumbnail", origin)).toBe(
      "https://housemate.example/files/evidence/a.jpg?size=thumbnail",
    );
    expect(socketUrl("a b", origin)).toBe("wss://housemate.example/ws?token=a%20b");
    // The health check that tells 'unreachable' from 'online' asks that server, not the app's own page.
    expect(probeUrl(origin)).toBe("https://housemate.example/api/health");
    expect(serverSocketUrl("/ws", "http://127.0.0.1:3000")).toBe("ws://127.0.0.1:3000/ws");
  });

  it.each([
    // The server writes uploads' addresses whole, from its PUBLIC_URL.
    "https://housemate.example/files/profile-pictures/a.jpg",
    // A photo picked on this device, before it is uploaded.
    "blob:https://localhost/5f0c",
    // A protocol-relative address is another host's, never a path on this server.
    "//elsewhere.example/a.jpg",
  ])("keep %s as it is", (address) => {
    expect(serverUrl(address, "https://housemate.example")).toBe(address);
  });
});
