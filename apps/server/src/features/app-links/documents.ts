import {
  APP_LINK_INVITE_PREFIX,
  APP_LINK_SIGN_IN_PATH,
  APP_LINK_SIGN_IN_QUERY,
  type AppleAppSiteAssociation,
  type AssetLinks,
} from "@housemate/contract";
import type { Config } from "../../config.js";

type AppLinksConfig = Config["appLinks"];

/**
 * Google's Digital Asset Links statement: the Android app may handle this site's links. Which links is the app's own
 * manifest's to say (its intent filters name /auth/verify and /invite/). Null without a certificate to name.
 */
export function assetLinks(config: AppLinksConfig): AssetLinks | null {
  if (config.androidCertFingerprints.length === 0) return null;
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: {
        namespace: "android_app",
        package_name: config.androidPackageName,
        // config.ts upper-cases them: Android compares them as written.
        sha256_cert_fingerprints: config.androidCertFingerprints,
      },
    },
  ];
}

/**
 * Apple's association file: the iOS app opens exactly SPEC's two links, a sign-in link with its token and an invite;
 * every other page of the site stays in the browser. Only the `components` form (iOS 13 and later): Capacitor 7's
 * apps need iOS 14, so the older `appID` and `paths` form would be read by no phone that can run the app. Null
 * without a team to name.
 */
export function appleAppSiteAssociation(config: AppLinksConfig): AppleAppSiteAssociation | null {
  if (config.appleTeamId === undefined) return null;
  return {
    applinks: {
      details: [
        {
          appIDs: [`${config.appleTeamId}.${config.iosBundleId}`],
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
