import { z } from "zod";

/**
 * The phone apps' links (issue 23, docs/decisions/057): the two files that let Android and iOS open the app, not the
 * browser, for this server's https links. Both are public documents at fixed paths outside /api; the server writes
 * them from its configuration.
 */
export const ASSET_LINKS_PATH = "/.well-known/assetlinks.json";
export const APPLE_APP_SITE_ASSOCIATION_PATH = "/.well-known/apple-app-site-association";

/**
 * The web paths a tapped link opens the app at (SPEC §2 'Native mobile deep links'): the emailed sign-in link, which
 * must carry its token, and an invite. No other path of the site opens the app.
 */
export const APP_LINK_SIGN_IN_PATH = "/auth/verify";
export const APP_LINK_SIGN_IN_QUERY = "token";
export const APP_LINK_INVITE_PREFIX = "/invite/";

/** The emailed sign-in link the server writes from its PUBLIC_URL: the address the apps' links claim. */
export const signInLink = (publicUrl: string, token: string) =>
  `${publicUrl}${APP_LINK_SIGN_IN_PATH}?${APP_LINK_SIGN_IN_QUERY}=${encodeURIComponent(token)}`;

/** An invite's address, as the server writes it from its PUBLIC_URL. */
export const inviteLink = (publicUrl: string, code: string) => `${publicUrl}${APP_LINK_INVITE_PREFIX}${code}`;

/**
 * The phone apps' id (decision 056): Android's application id and iOS's bundle id, which the server's well-known files
 * name by default (ANDROID_PACKAGE_NAME, IOS_BUNDLE_ID) and apps/web/capacitor.config.ts builds the apps with.
 */
export const APP_ID = "app.housemate";

/**
 * The origins the phone apps' pages have (Capacitor's https://localhost on Android, capacitor://localhost on iOS):
 * they call the server cross-origin, with a bearer token and no cookies, so the server's CORS and socket Origin checks
 * accept them beside PUBLIC_URL. apps/web/capacitor.config.ts makes its pages these.
 */
export const SHELL_ORIGINS = ["https://localhost", "capacitor://localhost"] as const;

/** An upper-case SHA-256 certificate fingerprint, as Android compares them: 32 bytes, colon-separated. */
const certFingerprint = z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);

/**
 * Google's Digital Asset Links statement list: the Android app with this package, signed with one of these
 * certificates, may handle this site's links (its manifest's intent filters say which).
 */
export const assetLinksSchema = z
  .array(
    z.strictObject({
      relation: z.tuple([z.literal("delegate_permission/common.handle_all_urls")]),
      target: z.strictObject({
        namespace: z.literal("android_app"),
        package_name: z.string().min(1),
        sha256_cert_fingerprints: z.array(certFingerprint).min(1),
      }),
    }),
  )
  .length(1);
export type AssetLinks = z.infer<typeof assetLinksSchema>;

/** One rule of an iOS app's links: a path pattern (`*` any run of characters), and query items it must have. */
const applinksComponent = z.strictObject({
  "/": z.string().startsWith("/"),
  "?": z.record(z.string(), z.string()).optional(),
  comment: z.string().optional(),
});

/**
 * Apple's apple-app-site-association file, in the form iOS 13 and later read (`appIDs` and `components`): the app
 * `TEAMID.bundle-id` opens exactly the links its components match.
 */
export const appleAppSiteAssociationSchema = z.strictObject({
  applinks: z.strictObject({
    details: z
      .array(
        z.strictObject({
          appIDs: z.array(z.string().regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/)).length(1),
          components: z.array(applinksComponent).min(1),
        }),
      )
      .length(1),
  }),
});
export type AppleAppSiteAssociation = z.infer<typeof appleAppSiteAssociationSchema>;

/**
 * The association file for the iOS app `appId` (`TEAMID.bundle-id`), which the server serves and the iOS project's
 * check reads (apps/web/src/native-projects.test.ts): the app opens exactly SPEC's two links, a sign-in link with its
 * token and an invite; every other page of the site stays in the browser. Only the `components` form (iOS 13 and
 * later): Capacitor 7's apps need iOS 14, so the older `appID` and `paths` form would be read by no phone that can run
 * the app.
 */
export function appleAppSiteAssociationFor(appId: string): AppleAppSiteAssociation {
  return {
    applinks: {
      details: [
        {
          appIDs: [appId],
          components: [
            {
              "/": APP_LINK_SIGN_IN_PATH,
              // `?*`: the token is there and not empty. A sign-in page without one has nothing for the app to do.
              "?": { [APP_LINK_SIGN_IN_QUERY]: "?*" },
              comment: "The emailed sign-in link",
            },
            // `?*` again: an invite names its code; /invite/ alone is no link of ours.
            { "/": `${APP_LINK_INVITE_PREFIX}?*`, comment: "An invite to a household" },
          ],
        },
      ],
    },
  };
}
