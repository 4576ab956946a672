import { backupCommand } from "./backup-command.js";

/** `npm run backup [-- --out FILE]`: see backup-command.ts. */
backupCommand({ argv: process.argv.slice(2), env: process.env, output: process }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
