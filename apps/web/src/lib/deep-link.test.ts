import { describe, expect, it } from "vitest";
import { deepLinkRoute } from "./deep-link";

describe("mobile deep links", () => {
  it.each([
    // SPEC §2's examples: /auth/verify and /verify, in a web URL and in the custom scheme.
    ["https://housemate.example/auth/verify?token=abc", "/auth/verify?token=abc"],
    ["https://housemate.example/verify?token=abc", "/auth/verify?token=abc"],
    ["housemate://auth/verify?token=abc", "/auth/verify?token=abc"],
    ["housemate://verify?token=abc", "/auth/verify?token=abc"],
    ["housemate:///auth/verify?token=abc", "/auth/verify?token=abc"],
    // Any custom scheme, and a path that contains /verify further in.
    ["com.housemate.app:/auth/verify?token=a-b_c&utm=mail", "/auth/verify?token=a-b_c"],
    ["https://housemate.example/app/auth/verify?token=abc", "/auth/verify?token=abc"],
    // A token with URL-encoded characters keeps them encoded, and means the same token.
    ["https://housemate.example/auth/verify?token=a%2Bb", "/auth/verify?token=a%2Bb"],
    ["housemate://auth/verify?token=a%2Fb%3D%3D", "/auth/verify?token=a%2Fb%3D%3D"],
    ["https://housemate.example/auth/verify?token=a+b", "/auth/verify?token=a+b"],
    // Extra query parameters (a mail client's tracking, a fragment) are dropped; the first token is the one.
    ["https://housemate.example/auth/verify?utm_source=mail&token=abc&lang=en#top", "/auth/verify?token=abc"],
    ["https://housemate.example/auth/verify?token=first&token=second", "/auth/verify?token=first"],
    ["HTTPS://HOUSEMATE.EXAMPLE/auth/verify?token=abc", "/auth/verify?token=abc"],
  ])("sends a sign-in link %s to %s", (link, route) => {
    expect(deepLinkRoute(link)).toBe(route);
  });

  it("decodes a token to the same value the server sent", () => {
    const token = "a+b/c=d e";
    const link = `https://housemate.example/auth/verify?${new URLSearchParams({ token }).toString()}`;
    const route = deepLinkRoute(link) ?? "";
    expect(new URLSearchParams(route.slice(route.indexOf("?"))).get("token")).toBe(token);
  });

  it.each([
    ["https://housemate.example/invite/Xy9_k-2", "/invite/Xy9_k-2"],
    ["housemate://invite/Xy9_k-2", "/invite/Xy9_k-2"],
    ["housemate:///invite/Xy9_k-2", "/invite/Xy9_k-2"],
    ["housemate://app/invite/Xy9_k-2/?ref=share", "/invite/Xy9_k-2"],
    ["https://housemate.example/invite/Xy9_k-2?utm_source=whatsapp", "/invite/Xy9_k-2"],
    ["https://housemate.example/invite/Xy9_k-2/", "/invite/Xy9_k-2"],
    ["https://housemate.example/invite/a%20b", "/invite/a%20b"],
  ])("sends an invite link %s to %s", (link, route) => {
    expect(deepLinkRoute(link)).toBe(route);
  });

  it.each([
    // A sign-in link without its token.
    "https://housemate.example/auth/verify",
    "https://housemate.example/auth/verify?token=",
    "housemate://verify?code=abc",
    // An invite without its code.
    "https://housemate.example/invite/",
    "housemate://invite",
    // Pages that are not links into the app.
    "https://housemate.example/",
    "https://housemate.example/dashboard",
    "https://housemate.example/dashboard/fines?token=abc",
    "https://housemate.example/login?next=/invite/abc",
    "housemate://dashboard/rules",
    "housemate://",
    "not a url",
    "",
  ])("ignores %s", (link) => {
    expect(deepLinkRoute(link)).toBeNull();
  });
});
