/**
 * The phone apps' projects (android/, ios/; decision 056), checked without an Android SDK or Xcode: their files parse
 * and declare the links SPEC §2's parser routes, on the server's host, for the app id the server's well-known files
 * name. What only a device can check (the OS verifying the links, a tap opening the app) is in docs/SPEC-COVERAGE.md.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import plist from "plist";
import { describe, expect, it } from "vitest";
import {
  APP_ID,
  APP_LINK_SIGN_IN_QUERY,
  appleAppSiteAssociationFor,
  inviteLink,
  SHELL_ORIGINS,
  signInLink,
} from "@housemate/contract";
import capacitorConfig from "../capacitor.config";
import { SHELL_BUILD_DIR } from "../scripts/shell-build";
import { APP_LINK_PATHS, DEEP_LINK_SCHEME, deepLinkRoute } from "./lib/deep-link";
import { isRecord } from "./lib/is-record";
import { parseOpenStepPlist, type OpenStepValue } from "./test/openstep-plist";

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

/** An XML file of the Android project's, parsed; well-formed as the browser's own XML parser reads it. */
function parseAndroidXml(file: string): unknown {
  const xml = read(file);
  // A fault is a <parsererror> document.
  expect(new DOMParser().parseFromString(xml, "application/xml").getElementsByTagName("parsererror")).toHaveLength(0);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    isArray: (name) => ["activity", "intent-filter", "action", "category", "data", "include", "exclude"].includes(name),
  }).parse(xml);
}

function manifestApplication(): unknown {
  const parsed = parseAndroidXml("android/app/src/main/AndroidManifest.xml");
  const manifest = isRecord(parsed) ? parsed.manifest : undefined;
  return isRecord(manifest) ? manifest.application : undefined;
}

function mainActivityFilters(): LinkFilter[] {
  const application = manifestApplication();
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
    // The server writes its links with the contract's functions, from PUBLIC_URL (the sign-in mail, an invite's address).
    for (const link of [signInLink(`https://${HOST}`, "a+b/c=d"), inviteLink(`https://${HOST}`, "Xy9_k-2")]) {
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

  it("never lets a backup or a new phone carry the app's data (the WebView's storage holds the session token)", () => {
    const application = manifestApplication();
    expect(attribute(application, "allowBackup")).toBe("false");
    // Android 12 and later read the extraction rules instead: every domain of the app's is excluded, both ways.
    expect(attribute(application, "dataExtractionRules")).toBe("@xml/data_extraction_rules");
    const rules = parseAndroidXml("android/app/src/main/res/xml/data_extraction_rules.xml");
    const root = isRecord(rules) ? rules["data-extraction-rules"] : undefined;
    for (const section of ["cloud-backup", "device-transfer"]) {
      const node = isRecord(root) ? root[section] : undefined;
      expect(asArray(isRecord(node) ? node.include : undefined)).toEqual([]);
      const excluded = asArray(isRecord(node) ? node.exclude : undefined).map((rule) =>
        isRecord(rule) ? `${String(rule["@_domain"])}:${String(rule["@_path"])}` : "",
      );
      expect(excluded).toEqual(expect.arrayContaining(["root:.", "file:.", "database:.", "sharedpref:."]));
    }
  });

  it("takes the links' host only from what cap:sync wrote in app/build.gradle, and is the server's app id", () => {
    const gradle = read("android/app/build.gradle");
    expect(gradle).toContain("manifestPlaceholders = [housemateHost: linkHost]");
    expect(gradle).toContain("rootProject.file('housemate.local.properties')");
    expect(gradle).toContain("housemate.getProperty('housemateHost')");
    // No second reading of the address (scripts/server-origin.ts is the one rule): HOUSEMATE_URL in the environment
    // is only compared with the synced one, and no gradle property names a server.
    expect(gradle).not.toContain("findProperty('housemateUrl')");
    expect(gradle).not.toContain("new URI(");
    expect(gradle).toContain("System.getenv('HOUSEMATE_URL')");
    expect(gradle).toContain("but the app was built for");
    expect(gradle).toContain(`applicationId "${APP_ID}"`);
    expect(gradle).toContain(`namespace "${APP_ID}"`);
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
    // The server serves the contract's document (apps/server/src/features/app-links/documents.ts), this one.
    const [details] = appleAppSiteAssociationFor(`ABCDE12345.${APP_ID}`).applinks.details;
    const opens = (link: string) => details?.components.some((component) => componentMatches(component, link)) ?? false;
    for (const { path, match } of APP_LINK_PATHS) {
      const link = match === "exact" ? `${path}?${APP_LINK_SIGN_IN_QUERY}=T0k3n` : `${path}C0de-9_x`;
      expect(opens(`https://${HOST}${link}`)).toBe(true);
      expect(deepLinkRoute(`https://${HOST}${link}`)).toBe(link);
    }
    expect(opens(signInLink(`https://${HOST}`, "a+b/c=d"))).toBe(true);
    expect(opens(inviteLink(`https://${HOST}`, "Xy9_k-2"))).toBe(true);
    // A sign-in page without its token, /invite/ without a code, and the site's other pages stay in the browser.
    for (const path of ["/auth/verify", "/auth/verify?next=x", "/invite/", "/", "/dashboard", "/login"]) {
      expect(opens(`https://${HOST}${path}`)).toBe(false);
    }
  });

  it("signs the app with those entitlements and builds it with that configuration, as the server's app id", () => {
    const { target, objects } = appTarget();
    const settings = list(field(object(objects, target.buildConfigurationList), "buildConfigurations")).map((id) => {
      const configuration = object(objects, id);
      const base = object(objects, field(configuration, "baseConfigurationReference"));
      return {
        name: field(configuration, "name"),
        base: field(base, "path"),
        build: field(configuration, "buildSettings"),
      };
    });
    expect(settings.map(({ name }) => name).sort()).toEqual(["Debug", "Release"]);
    for (const { base, build } of settings) {
      expect(base).toBe("Housemate.xcconfig");
      expect(field(build, "CODE_SIGN_ENTITLEMENTS")).toBe("App/App.entitlements");
      expect(field(build, "PRODUCT_BUNDLE_IDENTIFIER")).toBe(APP_ID);
    }
  });

  it("refuses a release build while HOUSEMATE_HOST is the placeholder, before anything is compiled", () => {
    const { target, objects } = appTarget();
    const [first] = list(field(target, "buildPhases")).map((id) => object(objects, id));
    expect(field(first, "isa")).toBe("PBXShellScriptBuildPhase");
    expect(field(first, "shellPath")).toBe("/bin/sh");
    const script = field(first, "shellScript");
    if (typeof script !== "string") throw new Error("the build phase has no script");
    // As Xcode runs it: the build's settings in the environment.
    const run = (CONFIGURATION: string, HOUSEMATE_HOST: string) => {
      try {
        execFileSync("/bin/sh", ["-c", script], { env: { CONFIGURATION, HOUSEMATE_HOST }, stdio: "pipe" });
        return "built";
      } catch (error) {
        return isRecord(error) && Buffer.isBuffer(error.stdout) ? error.stdout.toString() : "failed";
      }
    };
    expect(run("Release", "housemate.invalid")).toContain("error: Run npm run cap:sync in apps/web with HOUSEMATE_URL");
    expect(run("Release", HOST)).toBe("built");
    expect(run("Debug", "housemate.invalid")).toBe("built");
  });
});

/** A value of a parsed property list's dictionary, if it is one. */
function field(value: OpenStepValue | undefined, key: string): OpenStepValue | undefined {
  return value !== undefined && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
}

/** A parsed property list's array, or none. */
const list = (value: OpenStepValue | undefined): OpenStepValue[] => (Array.isArray(value) ? value : []);

/** The project's object a reference names. */
function object(objects: OpenStepValue | undefined, id: OpenStepValue | undefined): OpenStepValue | undefined {
  return typeof id === "string" ? field(objects, id) : undefined;
}

/** The Xcode project's App target, from project.pbxproj read as the property list it is (any layout). */
function appTarget() {
  const project = parseOpenStepPlist(read("ios/App/App.xcodeproj/project.pbxproj"));
  const objects = field(project, "objects");
  const targets = Object.values(isRecord(objects) ? objects : {}).filter(
    (each) => field(each, "isa") === "PBXNativeTarget" && field(each, "name") === "App",
  );
  expect(targets).toHaveLength(1);
  const [target] = targets;
  if (target === undefined || typeof target !== "object" || Array.isArray(target)) throw new Error("no App target");
  return { target, objects };
}

/** Whether iOS opens `link` by this component: its path pattern and each query item's (`*` any run, `?` one character). */
function componentMatches(component: { "/": string; "?"?: Record<string, string> }, link: string): boolean {
  const url = new URL(link);
  return (
    globMatches(component["/"], url.pathname) &&
    Object.entries(component["?"] ?? {}).every(([name, pattern]) => {
      const value = url.searchParams.get(name);
      return value !== null && globMatches(pattern, value);
    })
  );
}

function globMatches(pattern: string, text: string): boolean {
  if (pattern === "") return text === "";
  const [head, rest] = [pattern.charAt(0), pattern.slice(1)];
  if (head === "*")
    return Array.from({ length: text.length + 1 }, (_, skip) => skip).some((skip) =>
      globMatches(rest, text.slice(skip)),
    );
  return text !== "" && (head === "?" || head === text.charAt(0)) && globMatches(rest, text.slice(1));
}

describe("both projects", () => {
  it("carry the shells' own build (no remote URL) for the app id the server's well-known files name by default", () => {
    // The server's default ANDROID_PACKAGE_NAME and IOS_BUNDLE_ID are the contract's APP_ID too (apps/server/src/config.ts).
    expect(capacitorConfig.appId).toBe(APP_ID);
    expect(capacitorConfig.webDir).toBe(SHELL_BUILD_DIR);
    expect(capacitorConfig.server?.url).toBeUndefined();
  });

  it("have the pages whose origins the server accepts: https://localhost on Android, capacitor://localhost on iOS", () => {
    const { androidScheme, iosScheme, hostname } = capacitorConfig.server ?? {};
    // The contract's list, which the server's CORS and socket Origin checks take (NATIVE_SHELL_ORIGINS).
    expect(SHELL_ORIGINS).toEqual([`${androidScheme}://${hostname}`, `${iosScheme}://${hostname}`]);
    expect(SHELL_ORIGINS).toEqual(["https://localhost", "capacitor://localhost"]);
  });

  it("learn the server from `npm run cap:sync`, and keep it, the copied build and build output out of git", () => {
    const sync = read("scripts/cap-sync.ts");
    expect(sync).toContain('"android/housemate.local.properties"');
    expect(sync).toContain('"ios/App/Housemate.local.xcconfig"');
    const lines = (path: string) => read(path).split("\n");
    // The shells' build (dist-shell), beside the web's dist.
    expect(lines("../../.gitignore")).toEqual(expect.arrayContaining(["dist/", `${SHELL_BUILD_DIR}/`]));
    expect(lines("android/.gitignore")).toEqual(
      expect.arrayContaining([
        "housemate.local.properties",
        "app/src/main/assets/public",
        "app/src/main/assets/capacitor.config.json",
        "build/",
        ".gradle/",
        // The release signing key (README 'Phone apps': release.jks) is never committed.
        "*.jks",
        "*.keystore",
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
