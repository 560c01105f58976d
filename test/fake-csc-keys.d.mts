export declare const CSC_HOST: string;
export declare const FAKE_CSC: { clientId: string; clientSecret: string };
