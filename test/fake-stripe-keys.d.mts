/** Types of test/fake-stripe-keys.mjs. */
export declare const STRIPE_HOST: string;
export declare const FAKE_STRIPE: { secretKey: string; webhookSecret: string };
