-- Documents' and envelopes' certificates share one space of verification codes (the verify lookup
-- reads both): a document certificate never takes a code an envelope's has. Refused with the
-- unique-constraint wording, so the issuer draws another code (src/domain/certificates.ts); no
-- extra read on the completing request.
CREATE TRIGGER `certificates_code_not_an_envelopes`
BEFORE INSERT ON `certificates`
WHEN EXISTS (SELECT 1 FROM `envelope_certificates` WHERE `verification_code` = NEW.`verification_code`)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: certificates.verification_code');
END;
