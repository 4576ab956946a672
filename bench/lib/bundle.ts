import { ensurePgliteTemplate } from "../../apps/server/src/db/client.js";
import { bundleServer as bundle } from "../../apps/server/scripts/bundle.js";

/**
 * The production build of the server, as `npm run build -w @housemate/server` makes it (our TypeScript in one ES
 * module run with plain `node`, and PGlite's first-boot template), written where the bench keeps its scratch.
 */
export async function bundleServer(outFile: string): Promise<string> {
  await bundle(outFile);
  await ensurePgliteTemplate();
  return outFile;
}
