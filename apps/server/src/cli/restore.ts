import { restoreCommand } from "./restore-command.js";

/** `npm run restore ARCHIVE`: see restore-command.ts. */
restoreCommand({ argv: process.argv.slice(2), env: process.env, output: process }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
