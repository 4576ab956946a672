import { appleAppSiteAssociationFor, type AppleAppSiteAssociation, type AssetLinks } from "@housemate/contract";
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
 * Apple's association file: the contract's (`appleAppSiteAssociationFor`, exactly SPEC's two links), for this team's
 * app. Null without a team to name.
 */
export function appleAppSiteAssociation(config: AppLinksConfig): AppleAppSiteAssociation | null {
  if (config.appleTeamId === undefined) return null;
  return appleAppSiteAssociationFor(`${config.appleTeamId}.${config.iosBundleId}`);
}
