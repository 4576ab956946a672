/**
 * `npm run cap:sync` (README 'Phone apps', decision 056): builds the web app for the phone apps' server into
 * dist-shell (the shells' own build: the web's dist, which the server serves, is left alone) and copies it into the
 * Android and iOS projects, and tells each project that server's host for its https links.
 *
 *   HOUSEMATE_URL=https://housemate.example npm run cap:sync -w @housemate/web
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { nativeProjectSettings, requiredShellServerOrigin } from "./server-origin";
import { SHELL_BUILD_MODE } from "./shell-build";

const web = new URL("../", import.meta.url);
let origin: string;
try {
  origin = requiredShellServerOrigin(process.env.HOUSEMATE_URL);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const env = { ...process.env, HOUSEMATE_URL: origin };
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: web, env, stdio: "inherit" });

run("npx", ["vite", "build", "--mode", SHELL_BUILD_MODE]);
// Both gitignored: the server is each developer's own.
const settings = nativeProjectSettings(origin);
writeFileSync(new URL("android/housemate.local.properties", web), settings.android);
writeFileSync(new URL("ios/App/Housemate.local.xcconfig", web), settings.ios);
run("npx", ["cap", "sync"]);
console.info(`The phone apps now call ${origin} and open its sign-in and invite links.`);
