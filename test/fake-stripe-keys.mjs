/** The fake Stripe's host and keys (test/fake-stripe.mjs), importable from workerd tests (no Node modules here). */
export const STRIPE_HOST = "stripe.fake.test";
export const FAKE_STRIPE = { secretKey: "sk_test_fake0123456789abcdef", webhookSecret: "whsec_fake0123456789abcdefABCDEF" };
