-- The database file store (issue 19): with FILE_STORE=database the bytes of uploaded images live here, so every
-- instance on the database serves what any of them stored, with no shared disk or object store. Keys are the file
-- store's (`category/id.ext` and its thumbnail); a row is written once and deleted, never updated. Images are
-- already compressed, so TOAST keeps them out of line without trying to compress them again (STORAGE EXTERNAL).
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
