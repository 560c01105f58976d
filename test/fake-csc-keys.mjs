/** The fake CSC provider's host and client (test/fake-csc.mjs), importable from workerd tests (no Node modules here). */
export const CSC_HOST = "csc.fake.test";
export const FAKE_CSC = { clientId: "edge-sign-test-client", clientSecret: "csc_secret_fake0123456789abcdef" };
