import { describe, expect, it } from "vitest";
import { deepLinkRoute } from "./deep-link";

describe("mobile deep links", () => {
  it.each([
    ["https://housemate.example/auth/verify?token=abc", "/auth/verify?token=abc"],
    ["https://housemate.example/verify?token=abc", "/auth/verify?token=abc"],
    ["housemate://auth/verify?token=abc", "/auth/verify?token=abc"],
    ["housemate://verify?token=abc", "/auth/verify?token=abc"],
    ["com.housemate.app:/auth/verify?token=a-b_c&utm=mail", "/auth/verify?token=a-b_c"],
    ["https://housemate.example/auth/verify?token=a%2Bb", "/auth/verify?token=a%2Bb"],
  ])("sends a sign-in link %s to %s", (link, route) => {
    expect(deepLinkRoute(link)).toBe(route);
  });

  it.each([
    ["https://housemate.example/invite/Xy9_k-2", "/invite/Xy9_k-2"],
    ["housemate://invite/Xy9_k-2", "/invite/Xy9_k-2"],
    ["housemate://app/invite/Xy9_k-2/?ref=share", "/invite/Xy9_k-2"],
  ])("sends an invite link %s to %s", (link, route) => {
    expect(deepLinkRoute(link)).toBe(route);
  });

  it.each([
    "https://housemate.example/auth/verify",
    "housemate://verify?code=abc",
    "https://housemate.example/invite/",
    "https://housemate.example/dashboard",
    "housemate://",
    "not a url",
  ])("ignores %s", (link) => {
    expect(deepLinkRoute(link)).toBeNull();
  });
});
