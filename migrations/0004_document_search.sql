-- Document search (GET /v1/documents?q=): an FTS5 index with the trigram tokenizer, which
-- matches any substring of 3 or more characters, case-insensitively, in any script.
-- One row per searchable text: a document's title, its subject name, and each signer's name and
-- email. `scope` ("<tenant_id>:<mode>") lets the MATCH itself keep to one account and mode, so
-- one account's common words never slow another's search; `document_id` and `source` ('title',
-- 'subject' or the signer's id) are stored, not indexed.
-- Triggers keep the index in step: the statement that writes a document or signer row writes its
-- index rows in the same transaction (the same D1 batch), so the index is never behind the rows.
-- Drizzle cannot describe virtual tables or triggers, hence hand-written SQL.
CREATE VIRTUAL TABLE `document_search` USING fts5(document_id UNINDEXED, source UNINDEXED, scope, text, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `document_search_document_insert` AFTER INSERT ON `documents`
BEGIN
  INSERT INTO document_search (document_id, source, scope, text) VALUES (new.id, 'title', new.tenant_id || ':' || new.mode, new.title);
  INSERT INTO document_search (document_id, source, scope, text)
    SELECT new.id, 'subject', new.tenant_id || ':' || new.mode, new.subject_name WHERE new.subject_name IS NOT NULL;
END;
--> statement-breakpoint
-- No code path changes a title or subject name today; when one does, this keeps the index right
-- (the delete by document_id scans the index table, acceptable for a rare edit).
CREATE TRIGGER `document_search_document_update` AFTER UPDATE OF title, subject_name ON `documents`
WHEN old.title IS NOT new.title OR old.subject_name IS NOT new.subject_name
BEGIN
  DELETE FROM document_search WHERE document_id = old.id AND source IN ('title', 'subject');
  INSERT INTO document_search (document_id, source, scope, text) VALUES (new.id, 'title', new.tenant_id || ':' || new.mode, new.title);
  INSERT INTO document_search (document_id, source, scope, text)
    SELECT new.id, 'subject', new.tenant_id || ':' || new.mode, new.subject_name WHERE new.subject_name IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `document_search_document_delete` AFTER DELETE ON `documents`
BEGIN
  DELETE FROM document_search WHERE document_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `document_search_signer_insert` AFTER INSERT ON `signers`
BEGIN
  INSERT INTO document_search (document_id, source, scope, text)
    SELECT new.document_id, new.id, d.tenant_id || ':' || d.mode, new.full_name || char(10) || new.email FROM documents d WHERE d.id = new.document_id;
END;
--> statement-breakpoint
CREATE TRIGGER `document_search_signer_update` AFTER UPDATE OF full_name, email ON `signers`
WHEN old.full_name IS NOT new.full_name OR old.email IS NOT new.email
BEGIN
  DELETE FROM document_search WHERE document_id = old.document_id AND source = old.id;
  INSERT INTO document_search (document_id, source, scope, text)
    SELECT new.document_id, new.id, d.tenant_id || ':' || d.mode, new.full_name || char(10) || new.email FROM documents d WHERE d.id = new.document_id;
END;
--> statement-breakpoint
CREATE TRIGGER `document_search_signer_delete` AFTER DELETE ON `signers`
BEGIN
  DELETE FROM document_search WHERE document_id = old.document_id AND source = old.id;
END;
--> statement-breakpoint
-- Fill the index from the rows that exist.
INSERT INTO document_search (document_id, source, scope, text) SELECT id, 'title', tenant_id || ':' || mode, title FROM documents;
--> statement-breakpoint
INSERT INTO document_search (document_id, source, scope, text)
  SELECT id, 'subject', tenant_id || ':' || mode, subject_name FROM documents WHERE subject_name IS NOT NULL;
--> statement-breakpoint
INSERT INTO document_search (document_id, source, scope, text)
  SELECT s.document_id, s.id, d.tenant_id || ':' || d.mode, s.full_name || char(10) || s.email FROM signers s JOIN documents d ON d.id = s.document_id;
