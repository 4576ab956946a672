/**
 * The phone apps' projects (android/, ios/; decision 056), checked without an Android SDK or Xcode: their files parse
 * and declare the links SPEC §2's parser routes, on the server's host, for the app id the server's well-known files
 * name. What only a device can check (the OS verifying the links, a tap opening the app) is in docs/SPEC-COVERAGE.md.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import plist from "plist";
import { describe, expect, it } from "vitest";
import { APP_LINK_SIGN_IN_QUERY } from "@housemate/contract";
import capacitorConfig, { SHELL_ORIGINS } from "../capacitor.config";
import { APP_LINK_PATHS, DEEP_LINK_SCHEME, deepLinkRoute } from "./lib/deep-link";
import { isRecord } from "./lib/is-record";

/** A file of apps/web's (or, with ../, of apps/'). */
const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, "..", file), "utf8");

const VIEW = "android.intent.action.VIEW";
/** A link tapped in a browser or a mail opens the app only through a filter with both. */
const LINK_CATEGORIES = ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"];
/** The manifest placeholder app/build.gradle fills with HOUSEMATE_URL's host. */
const HOST_PLACEHOLDER = "${housemateHost}";
/** A host standing for the server's in links made from the filters. */
const HOST = "housemate.example";

interface AppLinkPath {
  path: string;
  match: "exact" | "prefix";
}

/** What one intent filter opens the app for. */
interface LinkFilter {
  actions: string[];
  categories: string[];
  autoVerify: boolean;
  schemes: string[];
  hosts: string[];
  paths: AppLinkPath[];
  /** Path attributes this model does not read (pathPattern, pathSuffix, …): there must be none. */
  otherPathRules: string[];
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const attribute = (node: unknown, name: string): string | undefined => {
  const value = isRecord(node) ? node[`@_android:${name}`] : undefined;
  return typeof value === "string" ? value : undefined;
};
const attributes = (nodes: unknown[], name: string) =>
  nodes.flatMap((node) => {
    const value = attribute(node, name);
    return value === undefined ? [] : [value];
  });

function mainActivityFilters(): LinkFilter[] {
  const xml = read("android/app/src/main/AndroidManifest.xml");
  // Well-formed, as the browser's own XML parser reads it (a fault is a <parsererror> document).
  expect(new DOMParser().parseFromString(xml, "application/xml").getElementsByTagName("parsererror")).toHaveLength(0);
  const parsed: unknown = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    isArray: (name) => ["activity", "intent-filter", "action", "category", "data"].includes(name),
  }).parse(xml);
  const manifest = isRecord(parsed) ? parsed.manifest : undefined;
  const application = isRecord(manifest) ? manifest.application : undefined;
  const activities = asArray(isRecord(application) ? application.activity : undefined);
  const main = activities.find((activity) => attribute(activity, "name") === ".MainActivity");
  expect(main).toBeDefined();
  return asArray(isRecord(main) ? main["intent-filter"] : undefined).map((filter) => {
    const node = isRecord(filter) ? filter : {};
    const data = asArray(node.data);
    return {
      actions: attributes(asArray(node.action), "name"),
      categories: attributes(asArray(node.category), "name"),
      autoVerify: attribute(filter, "autoVerify") === "true",
      schemes: attributes(data, "scheme"),
      hosts: attributes(data, "host"),
      paths: [
        ...attributes(data, "path").map((path) => ({ path, match: "exact" as const })),
        ...attributes(data, "pathPrefix").map((path) => ({ path, match: "prefix" as const })),
      ],
      otherPathRules: ["pathPattern", "pathAdvancedPattern", "pathSuffix"].flatMap((rule) => attributes(data, rule)),
    };
  });
}

/** Whether Android hands `link` to the app through `filter` (the host placeholder standing for HOST). */
function admits(filter: LinkFilter, link: string): boolean {
  const url = new URL(link);
  const hostMatches =
    filter.hosts.length === 0 || filter.hosts.some((host) => (host === HOST_PLACEHOLDER ? HOST : host) === url.host);
  const pathMatches =
    filter.paths.length === 0 ||
    filter.paths.some(({ path, match }) => (match === "exact" ? url.pathname === path : url.pathname.startsWith(path)));
  return filter.schemes.includes(url.protocol.slice(0, -1)) && hostMatches && pathMatches;
}

/** A link of each kind the app claims, as the server writes it: a sign-in token in the query, an invite's code. */
function sampleLink(base: string, { path, match }: AppLinkPath) {
  return match === "exact"
    ? { link: `${base}${path}?token=T0k3n%2Bx`, route: `${path}?token=T0k3n%2Bx` }
    : { link: `${base}${path}C0de-9_x`, route: `${path}C0de-9_x` };
}

describe("the Android project", () => {
  const filters = mainActivityFilters();
  const viewFilters = filters.filter((filter) => filter.actions.includes(VIEW));
  const schemeFilter = viewFilters.find((filter) => filter.schemes.includes(DEEP_LINK_SCHEME));
  const appLinksFilter = viewFilters.find((filter) => filter.autoVerify);

  it("opens housemate:// links from anywhere (a browser's too), whatever their path", () => {
    expect(schemeFilter?.categories).toEqual(expect.arrayContaining(LINK_CATEGORIES));
    expect(schemeFilter).toMatchObject({
      schemes: [DEEP_LINK_SCHEME],
      hosts: [],
      paths: [],
      otherPathRules: [],
      autoVerify: false,
    });
  });

  it("claims, verified, exactly the server's https sign-in and invite links on the server's host", () => {
    expect(appLinksFilter?.categories).toEqual(expect.arrayContaining(LINK_CATEGORIES));
    expect(appLinksFilter).toMatchObject({
      schemes: ["https"],
      hosts: [HOST_PLACEHOLDER],
      otherPathRules: [],
    });
    expect(appLinksFilter?.paths).toEqual(APP_LINK_PATHS);
    // Nothing else of the site, nor http.
    expect(viewFilters).toHaveLength(2);
  });

  it("sends every link it admits to its screen", () => {
    for (const path of APP_LINK_PATHS) {
      const web = sampleLink(`https://${HOST}`, path);
      const custom = sampleLink(`${DEEP_LINK_SCHEME}://`, { ...path, path: path.path.slice(1) });
      expect(appLinksFilter && admits(appLinksFilter, web.link)).toBe(true);
      expect(deepLinkRoute(web.link)).toBe(web.route);
      expect(schemeFilter && admits(schemeFilter, custom.link)).toBe(true);
      expect(deepLinkRoute(custom.link)).toBe(`/${custom.route}`);
    }
  });

  it("admits every https link the parser routes that the server sends, and leaves SPEC's other forms to the browser", () => {
    const filter = appLinksFilter;
    if (!filter) throw new Error("no App Links filter");
    const admitted = (link: string) => viewFilters.some((each) => admits(each, link));
    // The server writes its links from PUBLIC_URL and the contract's paths (the sign-in mail, an invite's address).
    expect(read("../server/src/features/auth/service.ts")).toContain(
      "`${params.publicUrl}${APP_LINK_SIGN_IN_PATH}?${APP_LINK_SIGN_IN_QUERY}=",
    );
    expect(read("../server/src/features/invites/service.ts")).toContain(
      "`${publicUrl}${APP_LINK_INVITE_PREFIX}${code}`",
    );
    const token = encodeURIComponent("a+b/c=d");
    for (const link of [`https://${HOST}/auth/verify?token=${token}`, `https://${HOST}/invite/Xy9_k-2`]) {
      expect(deepLinkRoute(link)).not.toBeNull();
      expect(admitted(link)).toBe(true);
    }
    // The parser also routes SPEC's /verify and paths that merely contain /auth/verify: no server page is there and
    // no mail links there, so they stay in the browser.
    for (const link of [`https://${HOST}/verify?token=abc`, `https://${HOST}/app/auth/verify?token=abc`]) {
      expect(deepLinkRoute(link)).not.toBeNull();
      expect(admitted(link)).toBe(false);
    }
    // Pages of the site that are not links into the app open in the browser.
    for (const link of [`https://${HOST}/`, `https://${HOST}/dashboard`, `https://${HOST}/login`]) {
      expect(deepLinkRoute(link)).toBeNull();
      expect(admitted(link)).toBe(false);
    }
    // http is never claimed; another host neither.
    expect(admitted(`http://${HOST}/invite/abc`)).toBe(false);
    expect(admitted("https://elsewhere.example/invite/abc")).toBe(false);
  });

  it("takes the links' host from HOUSEMATE_URL in app/build.gradle, and is the server's app id", () => {
    const gradle = read("android/app/build.gradle");
    expect(gradle).toContain("manifestPlaceholders = [housemateHost: linkHost]");
    expect(gradle).toContain("System.getenv('HOUSEMATE_URL')");
    expect(gradle).toContain("project.findProperty('housemateUrl')");
    expect(gradle).toContain("rootProject.file('housemate.local.properties')");
    expect(gradle).toContain(`applicationId "${capacitorConfig.appId}"`);
    expect(gradle).toContain(`namespace "${capacitorConfig.appId}"`);
  });
});

describe("the iOS project", () => {
  it("opens housemate:// links (Info.plist's URL type)", () => {
    const info = plist.parse(read("ios/App/App/Info.plist"));
    const types = isRecord(info) ? asArray(info.CFBundleURLTypes) : [];
    const schemes = types.flatMap((type) => (isRecord(type) ? asArray(type.CFBundleURLSchemes) : []));
    expect(schemes).toEqual([DEEP_LINK_SCHEME]);
  });

  it("claims the server's host for Universal Links (App.entitlements' Associated Domains), set in Housemate.xcconfig", () => {
    const entitlements = plist.parse(read("ios/App/App/App.entitlements"));
    expect(entitlements).toEqual({ "com.apple.developer.associated-domains": ["applinks:$(HOUSEMATE_HOST)"] });
    const xcconfig = read("ios/App/Housemate.xcconfig");
    expect(xcconfig).toContain("\nHOUSEMATE_HOST = housemate.invalid\n");
    expect(xcconfig).toContain('\n#include? "Housemate.local.xcconfig"\n');
  });

  it("is opened by the links the server's apple-app-site-association names, each one the parser routes", () => {
    // The apps meet only in the contract: the server writes its components from the contract's paths, as these are.
    const documents = read("../server/src/features/app-links/documents.ts");
    expect(documents).toContain('"/": APP_LINK_SIGN_IN_PATH,');
    expect(documents).toContain('"?": { [APP_LINK_SIGN_IN_QUERY]: "?*" },');
    expect(documents).toContain('{ "/": `${APP_LINK_INVITE_PREFIX}?*`,');
    // `?*` is one character or more: a token's value, an invite's code.
    for (const { path, match } of APP_LINK_PATHS) {
      const link = match === "exact" ? `${path}?${APP_LINK_SIGN_IN_QUERY}=T0k3n` : `${path}C0de-9_x`;
      expect(deepLinkRoute(`https://${HOST}${link}`)).toBe(link);
    }
  });

  it("signs the app with those entitlements and builds it with that configuration, as the server's app id", () => {
    const project = read("ios/App/App.xcodeproj/project.pbxproj");
    const count = (text: string) => project.split(text).length - 1;
    // The App target's Debug and Release.
    expect(count("CODE_SIGN_ENTITLEMENTS = App/App.entitlements;")).toBe(2);
    expect(count("/* Housemate.xcconfig */;\n\t\t\tbuildSettings")).toBe(2);
    expect(count("/* App.entitlements */ = {isa = PBXFileReference;")).toBe(1);
    expect(count("/* Housemate.xcconfig */ = {isa = PBXFileReference;")).toBe(1);
    expect(count(`PRODUCT_BUNDLE_IDENTIFIER = ${capacitorConfig.appId};`)).toBe(2);
  });
});

describe("both projects", () => {
  it("carry the built app (no remote URL) for the app id the server's well-known files name by default", () => {
    const serverConfig = read("../server/src/config.ts");
    const marker = 'const APP_ID = "';
    const start = serverConfig.indexOf(marker) + marker.length;
    expect(start).toBeGreaterThan(marker.length);
    expect(capacitorConfig.appId).toBe(serverConfig.slice(start, serverConfig.indexOf('"', start)));
    expect(capacitorConfig.webDir).toBe("dist");
    expect(capacitorConfig.server?.url).toBeUndefined();
  });

  it("have the pages whose origins the server accepts: https://localhost on Android, capacitor://localhost on iOS", () => {
    const { androidScheme, iosScheme, hostname } = capacitorConfig.server ?? {};
    expect(SHELL_ORIGINS).toEqual([`${androidScheme}://${hostname}`, `${iosScheme}://${hostname}`]);
    expect(SHELL_ORIGINS).toEqual(["https://localhost", "capacitor://localhost"]);
    // The server's CORS and socket Origin list (apps/server/src/plugins/security.ts) names the same two.
    const security = read("../server/src/plugins/security.ts");
    const list = "export const NATIVE_SHELL_ORIGINS = [";
    const start = security.indexOf(list) + list.length;
    expect(start).toBeGreaterThan(list.length);
    const serverOrigins = security
      .slice(start, security.indexOf("]", start))
      .split(",")
      .map((origin) => origin.trim().replaceAll('"', ""));
    expect([...serverOrigins].sort()).toEqual([...SHELL_ORIGINS].sort());
  });

  it("learn the server from `npm run cap:sync`, and keep it, the copied build and build output out of git", () => {
    const sync = read("scripts/cap-sync.ts");
    expect(sync).toContain('"android/housemate.local.properties"');
    expect(sync).toContain('"ios/App/Housemate.local.xcconfig"');
    const lines = (path: string) => read(path).split("\n");
    expect(lines("android/.gitignore")).toEqual(
      expect.arrayContaining([
        "housemate.local.properties",
        "app/src/main/assets/public",
        "app/src/main/assets/capacitor.config.json",
        "build/",
        ".gradle/",
      ]),
    );
    expect(lines("ios/.gitignore")).toEqual(
      expect.arrayContaining([
        "App/Housemate.local.xcconfig",
        "App/App/public",
        "App/App/capacitor.config.json",
        "App/build",
        "App/Pods",
        "DerivedData",
      ]),
    );
  });
});
