CREATE TABLE "fine_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fine_id" uuid NOT NULL,
	"edited_by" uuid,
	"amount_before_minor" integer NOT NULL,
	"amount_after_minor" integer NOT NULL,
	"description_before" text NOT NULL,
	"description_after" text NOT NULL,
	"evidence_changed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fine_edits" ADD CONSTRAINT "fine_edits_fine_id_fines_id_fk" FOREIGN KEY ("fine_id") REFERENCES "public"."fines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_edits" ADD CONSTRAINT "fine_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fine_edits_fine_idx" ON "fine_edits" USING btree ("fine_id","created_at");