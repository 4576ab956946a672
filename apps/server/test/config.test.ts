import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PUSH_SERVICES, loadConfig } from "../src/config.js";

/**
 * Issue 23's configuration (README's table): the phone apps whose links this server's https links open, and the push
 * services a subscription may name. A bad value stops the server at boot with a message naming the variable.
 */
const FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

function expectRefused(name: string, value: string) {
  const load = () => loadConfig({ [name]: value });
  expect(load, `${name}=${value}`).toThrow(ConfigError);
  expect(load, `${name}=${value}`).toThrow(`  ${name}: must be`);
}

describe("the phone apps' links (ANDROID_*, APPLE_TEAM_ID, IOS_BUNDLE_ID)", () => {
  it("defaults to the app id for both apps and to no file at all", () => {
    expect(loadConfig({}).appLinks).toEqual({
      androidPackageName: "app.housemate",
      androidCertFingerprints: [],
      appleTeamId: undefined,
      iosBundleId: "app.housemate",
    });
    // An empty value is unset, as for every variable.
    expect(loadConfig({ ANDROID_SHA256_CERT_FINGERPRINTS: "", APPLE_TEAM_ID: "" }).appLinks).toMatchObject({
      androidCertFingerprints: [],
      appleTeamId: undefined,
    });
  });

  it("takes each app's id, the team, and the fingerprints upper-cased as Android compares them", () => {
    const second = FINGERPRINT.split(":").reverse().join(":").toLowerCase();
    expect(
      loadConfig({
        ANDROID_PACKAGE_NAME: "uk.co.flat_share.Housemate2",
        ANDROID_SHA256_CERT_FINGERPRINTS: `${FINGERPRINT.toLowerCase()},${second}`,
        APPLE_TEAM_ID: "ABCDE12345",
        IOS_BUNDLE_ID: "uk.co.flat-share.housemate",
      }).appLinks,
    ).toEqual({
      androidPackageName: "uk.co.flat_share.Housemate2",
      androidCertFingerprints: [FINGERPRINT, second.toUpperCase()],
      appleTeamId: "ABCDE12345",
      iosBundleId: "uk.co.flat-share.housemate",
    });
  });

  it("refuses an ANDROID_PACKAGE_NAME Android would not install", () => {
    for (const value of ["housemate", "app.", ".app", "app..housemate", "1app.housemate", "app.2go", "app.house-mate"])
      expectRefused("ANDROID_PACKAGE_NAME", value);
  });

  it("refuses ANDROID_SHA256_CERT_FINGERPRINTS that are not 32 colon-separated bytes each", () => {
    const short = FINGERPRINT.slice(3);
    for (const value of [
      short,
      `${FINGERPRINT}:AB`,
      FINGERPRINT.replaceAll(":", ""),
      FINGERPRINT.replace("14", "G4"),
      `${FINGERPRINT},`,
      `${FINGERPRINT}, ${FINGERPRINT}`,
      `,${FINGERPRINT}`,
      "SHA256:abc",
    ])
      expectRefused("ANDROID_SHA256_CERT_FINGERPRINTS", value);
  });

  it("refuses an APPLE_TEAM_ID that is not 10 capital letters or digits", () => {
    for (const value of ["ABCDE1234", "ABCDE123456", "abcde12345", "ABCDE-1234", "ABCDE 1234"])
      expectRefused("APPLE_TEAM_ID", value);
  });

  it("refuses an IOS_BUNDLE_ID Apple would not take", () => {
    for (const value of ["housemate", "app.", "app..housemate", "app.house mate", "app.house_mate", "app.housemate/x"])
      expectRefused("IOS_BUNDLE_ID", value);
  });
});

describe("PUSH_SERVICES", () => {
  it("defaults to the big browsers' push services, https only", () => {
    expect(loadConfig({}).pushServices).toEqual([
      { protocol: "https:", host: "fcm.googleapis.com", port: "", subdomains: false },
      { protocol: "https:", host: "updates.push.services.mozilla.com", port: "", subdomains: false },
      { protocol: "https:", host: "web.push.apple.com", port: "", subdomains: false },
      { protocol: "https:", host: "push.apple.com", port: "", subdomains: true },
      { protocol: "https:", host: "notify.windows.com", port: "", subdomains: true },
    ]);
    expect(DEFAULT_PUSH_SERVICES).toHaveLength(5);
  });

  it("reads https unless an entry is written http://, `*.` as any subdomain, a port, and host names in lower case", () => {
    expect(
      loadConfig({
        PUSH_SERVICES: "http://127.0.0.1:8123,https://Push.Example.com,*.push.example.org,push.example.net:8443",
      }).pushServices,
    ).toEqual([
      { protocol: "http:", host: "127.0.0.1", port: "8123", subdomains: false },
      { protocol: "https:", host: "push.example.com", port: "", subdomains: false },
      { protocol: "https:", host: "push.example.org", port: "", subdomains: true },
      { protocol: "https:", host: "push.example.net", port: "8443", subdomains: false },
    ]);
    expect(loadConfig({ PUSH_SERVICES: "https://*.push.example.org" }).pushServices).toEqual([
      { protocol: "https:", host: "push.example.org", port: "", subdomains: true },
    ]);
  });

  it("refuses what is not a list of push service origins", () => {
    for (const value of [
      "ftp://push.example.com",
      "https://push.example.com/send",
      "https://user@push.example.com",
      "push.example.com,",
      ",push.example.com",
      "push.example.com, fcm.googleapis.com",
      "*.",
      "*",
      "*.com",
      "push..example.com",
      ".",
      "-push.example.com",
      "push.example.com:99999",
      "push.example.com:0",
      "push.example.com:",
      "https://",
    ])
      expectRefused("PUSH_SERVICES", value);
  });
});
