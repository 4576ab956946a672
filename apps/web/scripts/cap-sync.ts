/**
 * `npm run cap:sync` (README 'Phone apps', decision 056): builds the web app for the phone apps' server and copies it
 * into the Android and iOS projects, and tells each project that server's host for its https links.
 *
 *   HOUSEMATE_URL=https://housemate.example npm run cap:sync -w @housemate/web
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { shellServerOrigin } from "./server-origin";

const web = new URL("../", import.meta.url);
const origin = shellServerOrigin(process.env.HOUSEMATE_URL);
if (!origin) {
  console.error(
    "Set HOUSEMATE_URL to the Housemate server's https address (its PUBLIC_URL), e.g. https://housemate.example",
  );
  process.exit(1);
}
const env = { ...process.env, HOUSEMATE_URL: origin };
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: web, env, stdio: "inherit" });

run("npm", ["run", "build"]);
// Both gitignored: the server is each developer's own. Android's build.gradle reads the address; an xcconfig value
// cannot hold one (`//` starts a comment there), so iOS gets the host alone.
writeFileSync(new URL("android/housemate.local.properties", web), `housemateUrl=${origin}\n`);
writeFileSync(new URL("ios/App/Housemate.local.xcconfig", web), `HOUSEMATE_HOST = ${new URL(origin).hostname}\n`);
run("npx", ["cap", "sync"]);
console.info(`The phone apps now call ${origin} and open its sign-in and invite links.`);
