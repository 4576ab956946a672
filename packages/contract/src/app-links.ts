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
