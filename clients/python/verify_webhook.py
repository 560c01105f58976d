#!/usr/bin/env python3
"""Verify an Edge Sign webhook delivery (the Service-Signature scheme). Single file, standard library only.

The service signs every delivery with HMAC-SHA256, keyed with the endpoint's secret (the whole
``whsec_...`` string as UTF-8), over ``{Service-Timestamp}.{raw body}``, and sends
``Service-Signature: v1=<hex>``; during a secret rotation the header holds two comma-separated
``v1=`` values (new secret first) and either verifies. Refuse a timestamp more than five minutes
from your clock either way, and deduplicate on ``Service-Event-Id`` (the same on every retry).

Usage in a receiver (Flask shown; any framework that gives the raw bytes works)::

    from verify_webhook import verify_webhook, WebhookVerificationError

    @app.post("/hooks/edge-sign")
    def hook():
        try:
            delivery = verify_webhook(SECRETS, request.headers, request.get_data())
        except WebhookVerificationError as e:
            return {"error": e.reason}, 400
        handle(delivery["event_id"], delivery["payload"])
        return "", 204

Run ``python3 verify_webhook.py`` for the self-test, or check one delivery from the command line::

    python3 verify_webhook.py --secret whsec_... --timestamp 1795430400 \\
        --signature 'v1=...' --event-id dlv_... --body-file body.json [--now 1795430410]

(exit 0 and the payload on stdout when it verifies, exit 1 and the reason on stderr when not).
"""

import hashlib
import hmac
import json
import sys
import time

__all__ = ["verify_webhook", "sign_webhook", "WebhookVerificationError"]

DEFAULT_TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """Why a delivery was refused: ``reason`` is one of missing_header, bad_timestamp, too_old,
    too_new, no_signature, signature_mismatch, bad_body (the same names as the TypeScript client)."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason


def _header(headers, name):
    """A header from a dict-like (any case) or an object with .get (Flask, Django, http.server)."""
    if hasattr(headers, "items"):
        want = name.lower()
        for key, value in headers.items():
            if key.lower() == want:
                return ",".join(value) if isinstance(value, (list, tuple)) else value
        return None
    return headers.get(name)


def _as_bytes(body):
    return body.encode("utf-8") if isinstance(body, str) else bytes(body)


def sign_webhook(secrets, timestamp, raw_body):
    """The Service-Signature value for this timestamp and raw body (one v1= per secret, new first)."""
    if isinstance(secrets, str):
        secrets = [secrets]
    signed = str(int(timestamp)).encode("ascii") + b"." + _as_bytes(raw_body)
    return ",".join("v1=" + hmac.new(s.encode("utf-8"), signed, hashlib.sha256).hexdigest() for s in secrets)


def verify_webhook(secrets, headers, raw_body, tolerance_seconds=DEFAULT_TOLERANCE_SECONDS, now=None):
    """Verify a delivery; return {"event_id", "timestamp", "payload"} or raise WebhookVerificationError.

    secrets: the endpoint's secret, or a list of secrets while a rotation is rolled out.
    headers: the request headers; raw_body: the bytes exactly as received (never re-serialised JSON).
    now: Unix seconds (default: the clock).
    """
    if isinstance(secrets, str):
        secrets = [secrets]
    secrets = [s for s in secrets if s]
    if not secrets:
        raise ValueError("verify_webhook needs the endpoint's secret")
    signature = _header(headers, "Service-Signature")
    stamp = _header(headers, "Service-Timestamp")
    event_id = _header(headers, "Service-Event-Id")
    if not signature or not stamp or not event_id:
        raise WebhookVerificationError("missing_header", "Service-Signature, Service-Timestamp and Service-Event-Id are all required.")
    stamp = stamp.strip()
    if not stamp.isdigit() or len(stamp) > 12:
        raise WebhookVerificationError("bad_timestamp", "Service-Timestamp is not Unix seconds.")
    timestamp = int(stamp)
    now = int(time.time() if now is None else now)
    if timestamp < now - tolerance_seconds:
        raise WebhookVerificationError("too_old", "Service-Timestamp is more than %d s old." % tolerance_seconds)
    if timestamp > now + tolerance_seconds:
        raise WebhookVerificationError("too_new", "Service-Timestamp is more than %d s ahead." % tolerance_seconds)
    offered = [part.strip()[3:].lower() for part in signature.split(",") if part.strip().startswith("v1=")]
    if not offered:
        raise WebhookVerificationError("no_signature", "Service-Signature holds no v1= value.")
    body = _as_bytes(raw_body)
    signed = stamp.encode("ascii") + b"." + body
    matched = False
    for secret in secrets:
        expected = hmac.new(secret.encode("utf-8"), signed, hashlib.sha256).hexdigest()
        for candidate in offered:
            # hmac.compare_digest: constant time; every pair is compared, no early exit.
            matched = hmac.compare_digest(expected, candidate) or matched
    if not matched:
        raise WebhookVerificationError("signature_mismatch", "No Service-Signature value matches the secret(s) for this body and timestamp.")
    try:
        payload = json.loads(body.decode("utf-8"))
    except ValueError:
        raise WebhookVerificationError("bad_body", "The body is not JSON.")
    return {"event_id": event_id, "timestamp": timestamp, "payload": payload}


def _self_test():
    secret, old = "whsec_" + "ab" * 24, "whsec_" + "cd" * 24
    body = b'{"event":"signing.completed","document":{"id":"doc_1"}}'
    now = 1795430400
    headers = {"Service-Timestamp": str(now), "Service-Event-Id": "dlv_1", "Service-Signature": sign_webhook([secret, old], now, body)}
    assert verify_webhook(secret, headers, body, now=now)["payload"]["document"]["id"] == "doc_1"
    assert verify_webhook([old], headers, body, now=now + 299)["event_id"] == "dlv_1"

    def refused(reason, **kw):
        args = {"secrets": secret, "headers": headers, "raw_body": body, "now": now}
        args.update(kw)
        try:
            verify_webhook(**args)
        except WebhookVerificationError as e:
            assert e.reason == reason, (e.reason, reason)
            return
        raise AssertionError("accepted, expected " + reason)

    refused("signature_mismatch", raw_body=body.replace(b"doc_1", b"doc_2"))
    refused("signature_mismatch", secrets="whsec_" + "ef" * 24)
    refused("too_old", now=now + 301)
    refused("too_new", now=now - 301)
    refused("missing_header", headers={k: v for k, v in headers.items() if k != "Service-Signature"})
    refused("no_signature", headers=dict(headers, **{"Service-Signature": "v0=00"}))
    refused("bad_timestamp", headers=dict(headers, **{"Service-Timestamp": "soon"}))
    print("verify_webhook.py: self-test passed")


def _main(argv):
    if not argv:
        _self_test()
        return 0
    opts, secrets = {}, []
    it = iter(argv)
    for arg in it:
        if arg == "--secret":
            secrets.append(next(it))
        elif arg in ("--timestamp", "--signature", "--event-id", "--body-file", "--now", "--tolerance"):
            opts[arg[2:]] = next(it)
        else:
            print("unknown option: " + arg, file=sys.stderr)
            return 2
    with open(opts["body-file"], "rb") as f:
        body = f.read()
    headers = {"Service-Signature": opts.get("signature"), "Service-Timestamp": opts.get("timestamp"), "Service-Event-Id": opts.get("event-id")}
    try:
        delivery = verify_webhook(
            secrets,
            {k: v for k, v in headers.items() if v is not None},
            body,
            tolerance_seconds=int(opts.get("tolerance", DEFAULT_TOLERANCE_SECONDS)),
            now=int(opts["now"]) if "now" in opts else None,
        )
    except WebhookVerificationError as e:
        print("refused: %s: %s" % (e.reason, e), file=sys.stderr)
        return 1
    print(json.dumps(delivery))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
