-- The trail stays append-only, with one exception: redaction (docs/retention.md) may erase the
-- personal columns of an event (signer_email, ip, user_agent set to null; detail set to null), and
-- nothing else. Kinds, order, times, signer ids and hashes can still never change, so the trail
-- cannot be rewritten, only emptied of personal data.
DROP TRIGGER IF EXISTS events_no_update;
--> statement-breakpoint
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
WHEN NOT (
  new.id IS old.id AND new.document_id IS old.document_id AND new.tenant_id IS old.tenant_id AND new.mode IS old.mode
  AND new.seq IS old.seq AND new.kind IS old.kind AND new.occurred_at IS old.occurred_at AND new.signer_id IS old.signer_id
  AND new.signature_method IS old.signature_method AND new.against_sha256 IS old.against_sha256
  AND new.signer_email IS NULL AND new.ip IS NULL AND new.user_agent IS NULL
  AND (new.detail IS NULL OR new.detail IS old.detail)
)
BEGIN
  SELECT RAISE(ABORT, 'the document trail is append-only');
END;
