export declare const GENERATE_COMMAND: string;
export declare const HEADER: string;
export declare function renderSchema(document: unknown): Promise<string>;
