/** Types of test/fake-providers.mjs (a Node module the workerd tests also import for its constants). */
export declare const PROVIDERS_HOST: string;
export declare const FAKE_KEYS: { resend: string; postmark: string; twilioSid: string; twilioToken: string };
export declare function fakeProviders(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, body: string): Promise<void>;
