CREATE TABLE "catalog_import_files" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "catalog_import_files_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "catalog_import_files" ADD CONSTRAINT "catalog_import_files_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Imports not yet applied keep their file: it moves into the new table as one piece.
INSERT INTO "catalog_import_files" ("import_id", "seq", "data") SELECT "id", 0, "file" FROM "catalog_imports" WHERE "status" <> 'done';--> statement-breakpoint
ALTER TABLE "catalog_imports" DROP COLUMN "file";