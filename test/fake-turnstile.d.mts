export declare const TURNSTILE_HOST: string;
export declare const FAKE_TURNSTILE_SECRET: string;
export declare function fakeTurnstile(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, body: string): Promise<void>;
