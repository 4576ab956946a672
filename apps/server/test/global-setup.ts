import { ensurePgliteTemplate } from "../src/db/client.js";

/**
 * Every test file opens a fresh PGlite database; from the build's template that takes under a second instead
 * of initdb's 5–10 s. A checkout that has not run the build (or has a new migration) gets the template here, once.
 */
export default async function makeTheTemplateOnce() {
  if (process.env.TEST_ENGINE !== "postgres") await ensurePgliteTemplate();
}
